import Foundation

/// A fresh directory under the system's temporary folder, removed when the value is released.
final class TemporaryDirectory {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "waterfall-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `bytes` to `name` inside the directory and returns the file's path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) -> String {
    let file = (path as NSString).appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    return file
  }

  @discardableResult
  func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }
}

/// Where the shared test data lives: `../shared` beside the checkout.
enum SharedData {
  static let mogujieDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/datasets/mogujie-shop").path

  static var isPresent: Bool { FileManager.default.fileExists(atPath: mogujieDirectory) }
}
