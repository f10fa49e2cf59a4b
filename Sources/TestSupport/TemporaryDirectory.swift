import Foundation

/// A fresh directory under the system's temporary folder for one test's files, removed when the value is released,
/// or at once by ``remove()``. A test whose files are read after its last mention of the directory (a binary run
/// in tmux reads them) keeps it to the end with `defer { folder.remove() }`.
public final class TemporaryDirectory: Sendable {
  public let path: String

  /// `name` tells whose files they are in the folder's name (`waterfall-NAME-UUID`).
  public init(_ name: String = "tests") {
    path = NSTemporaryDirectory() + "waterfall-\(name)-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { remove() }

  public func remove() { try? FileManager.default.removeItem(atPath: path) }

  /// Where `name` goes inside the directory: its path.
  public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

  /// Writes `bytes` to `name` inside the directory and returns the file's path.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) -> String {
    let file = file(name)
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    return file
  }

  @discardableResult
  public func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }
}
