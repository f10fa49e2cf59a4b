/// A problem drawing a tape's pictures: no font, a file that cannot be written.
public struct TapeImageError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
