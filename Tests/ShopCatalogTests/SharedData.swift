import Foundation

/// Where the shared test data lives: `../shared` beside the checkout.
enum SharedData {
  static let mogujieDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/datasets/mogujie-shop").path

  static var isPresent: Bool { FileManager.default.fileExists(atPath: mogujieDirectory) }
}
