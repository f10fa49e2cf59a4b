import Foundation

/// Pictures for the tests: the committed fixtures (Resources/generate-pictures.py) and the bundled catalogue's.
enum PictureFiles {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    .path
  static let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources/catalogue").path

  static func fixture(_ name: String) -> String { (fixtures as NSString).appendingPathComponent(name) }

  /// The bundled catalogue's picture files, in order.
  static var cataloguePictures: [String] {
    let folder = (catalogue as NSString).appendingPathComponent("pictures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".jpg") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
  }
}

/// A fresh directory under the system's temporary folder, removed when the value is released.
final class TemporaryDirectory {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "waterfall-picture-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    chmod(path, 0o755)
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) -> String {
    let file = file(name)
    _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
    return file
  }
}
