import Foundation
import Pictures
import ShopCatalog
import Testing
import WaterfallViewer

/// The statistics panel's picture counts on a dataset where some items have no `img`: those are counted as items
/// without a picture, never as pictures requested or failed; an `img` that cannot be loaded is a failure.
@Suite("The statistics panel counts pictures, failures and items without a picture apart")
struct PictureCountsTests {
  /// The bundled catalogue's items, every third without an `img` and, with `unloadable`, the second's an ftp
  /// address (an `img` there, but not one that can be loaded).
  static func items(unloadable: Bool) throws -> [ShopItem] {
    var items = try PictureScreenTests.bundledItems()
    for index in stride(from: 0, to: items.count, by: 3) { items[index].imageURL = "" }
    if unloadable { items[1].imageURL = "ftp://example.com/1.jpg" }
    return items
  }

  /// The value after `label` on the panel's line that starts with it.
  static func count(_ label: String, on screen: String) -> Int? {
    for line in screen.split(separator: "\n") {
      guard let start = line.range(of: "│ \(label) ") else { continue }
      return Int(line[start.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
    }
    return nil
  }

  @Test("items without an img are neither requested nor failed; every picture requested is drawn")
  func withoutPictures() throws {
    let runner = PictureScreenTests.runner(
      items: try Self.items(unloadable: false), display: PictureStyle(), width: 80, height: 40)
    let screen = AppFixture.screen(runner, "s")
    let statistics = try #require(runner.viewer.pictureStatistics)
    #expect(statistics.withoutPicture > 0 && statistics.requested > 0, "\(statistics)")
    #expect(statistics.failed == 0, "\(statistics)")
    #expect(statistics.drawn == statistics.requested, "\(statistics)")
    #expect(Self.count("pictures requested", on: screen) == statistics.requested, "\(screen)")
    #expect(Self.count("pictures drawn", on: screen) == statistics.drawn, "\(screen)")
    #expect(Self.count("pictures failed", on: screen) == 0, "\(screen)")
    #expect(Self.count("without a picture", on: screen) == statistics.withoutPicture, "\(screen)")
  }

  @Test("an img that cannot be loaded is a failed picture, and the rest are drawn")
  func unloadable() throws {
    let runner = PictureScreenTests.runner(
      items: try Self.items(unloadable: true), display: PictureStyle(), width: 80, height: 40)
    _ = AppFixture.screen(runner, "")
    let statistics = try #require(runner.viewer.pictureStatistics)
    #expect(statistics.failed == 1, "\(statistics)")
    #expect(statistics.drawn == statistics.requested - 1, "\(statistics)")
    #expect(statistics.withoutPicture > 0, "\(statistics)")
  }
}
