import Foundation
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// A directory of page files is measured too: its own order has a page per file, each starting at its own rank,
/// so `G` and `:N` reach any item at once instead of a file per press.
@Suite("Jumps in a directory of pages")
struct DirectoryJumpTests {
  /// Files of 30, 5, 40, 1, 60 and 44 items (180), numbered through; a broken file when `broken`.
  static func folder(broken: Bool = false) throws -> String {
    let folder = NSTemporaryDirectory() + "waterfall-directory-jumps-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let record = { (n: Int) in
      "{\"w\": 200, \"h\": \(150 + n * 37 % 300), \"price\": \"¥\(n)\", \"title\": \"page item \(n)\"}"
    }
    var next = 1
    for (file, size) in [30, 5, 40, 1, 60, 44].enumerated() {
      let records = (next..<next + size).map(record)
      next += size
      let tail = broken && file == 2 ? ",\n{\"w\": 1 \"h\": 1}" : ""
      let text = "[" + records.joined(separator: ",\n") + tail + "]"
      _ = FileManager.default.createFile(atPath: folder + "/\(file + 1).json", contents: Data(text.utf8))
    }
    return folder
  }

  static func runner(_ folder: String) throws -> ScriptedRun {
    let catalogue = try CatalogueReading.open(path: folder, pageSize: 50)
    catalogue.waitUntilComplete()
    var options = AppFixture.options(columns: 3)
    options.measuresToEnd = true
    return AppFixture.runner(source: catalogue, width: 60, height: 20, options: options)
  }

  static func focusedTitle(_ viewer: Viewer) -> String? {
    guard let focus = viewer.state.focusedIndex, viewer.store.items.isLoaded(focus) else { return nil }
    return viewer.store.items[focus].title
  }

  @Test("one G reaches the last of 180 items in six files; the files between are never loaded")
  func endInOnePress() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try Self.runner(folder)
    let viewer = run.viewer
    #expect(viewer.store.count == 30)
    let screen = AppFixture.screen(run, "G")
    #expect(viewer.store.count == 180 && Self.focusedTitle(viewer) == "page item 180")
    #expect(viewer.waterfall.indicesInViewport.contains(179) && screen.contains("page item 180"))
    #expect(!viewer.store.items.isLoaded(100), "the third file's items: far from the view")
  }

  @Test(":N goes to an item in the middle of a directory by its file's own page")
  func goToItemInAFile() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try Self.runner(folder)
    _ = AppFixture.screen(run, ": 1 0 0 Enter")
    let viewer = run.viewer
    #expect(Self.focusedTitle(viewer) == "page item 100")
    #expect(viewer.waterfall.indicesInViewport.contains(99))
    // Item 100 is in the fifth file (77 to 136): its page loaded whole, by its own cursor.
    #expect(viewer.store.items.isLoaded(76) && viewer.store.items.isLoaded(135))
  }

  @Test("a directory with a broken file is not measured: G loads on, skipping the file and naming it")
  func brokenFileIsSkipped() throws {
    let folder = try Self.folder(broken: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try Self.runner(folder)
    let screen = AppFixture.screen(run, "G G")
    #expect(screen.contains("skipped /"), "the skipped file named in the status bar: \(screen)")
    #expect(!screen.contains("load failed"), "\(screen)")
    #expect(run.viewer.store.measuredPages == nil)
  }
}

@Suite("The footer after G")
struct FooterAfterEndTests {
  @Test("G with the footer in view: once measured the footer says the end, not that more can be loaded")
  func footerSaysTheEnd() throws {
    let folder = try DirectoryJumpTests.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try DirectoryJumpTests.runner(folder)
    let screen = AppFixture.screen(run, "G")
    #expect(run.viewer.store.count == 180)
    #expect(screen.contains("end of the catalogue"), "\(screen)")
    #expect(!screen.contains("load more"), "\(screen)")
  }
}
