/// Why a SQLite file cannot be opened as a catalogue (or written by an import): the file and the reason, said in
/// one line before the terminal is touched.
public struct SQLiteCatalogueError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var reason: String

  public init(file: String, reason: String) { (self.file, self.reason) = (file, reason) }

  public var description: String { "\(file): \(reason)" }
}
