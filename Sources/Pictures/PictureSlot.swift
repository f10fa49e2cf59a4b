/// Where the app puts a picture it asks for (``PictureRequest/item``): a number of the app's own scheme (the
/// viewer numbers a box's picture and a detail panel's apart), a type of its own so that it is never mixed up
/// with an item's place in a list or its identity.
public struct PictureSlot: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public init(integerLiteral value: Int) { rawValue = value }

  public static func < (left: PictureSlot, right: PictureSlot) -> Bool { left.rawValue < right.rawValue }

  public var description: String { "slot \(rawValue)" }
}
