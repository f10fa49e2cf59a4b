import Foundation
import Pictures
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// Real pictures (the bundled catalogue's JPEGs, decoded by libvips and drawn by libchafa) in the in-memory
/// screen, through the one runner.
@Suite("Pictures on the screen")
struct PictureScreenTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The bundled catalogue's first file: 60 items whose `img` are `pictures/NNNN.jpg` beside it.
  static func bundledItems() throws -> [ShopItem] {
    let dataset = try DatasetLoader.load(path: repository.appendingPathComponent("Resources/catalogue/1.plist").path)
    return dataset.items
  }

  static func runner(items: [ShopItem], display: PictureStyle?, width: Int = 52, height: Int = 16) -> ScriptedRun {
    var options = AppFixture.options(columns: 2)
    options.pictures = display
    if display?.symbols == .ascii { options.glyphs = .ascii }
    return ScriptedRun(
      source: ItemCatalogue(items: items, pageSize: max(1, items.count)), size: GridSize(width: width, height: height),
      options: options,
      pictures: display == nil ? nil : PictureLoader.Configuration())
  }

  @Test(
    "pictures in 256 colours, direct colour, no colour and ASCII",
    arguments: [
      ("pictures-256", PictureStyle(symbols: .half, colours: .palette256)),
      ("pictures-direct", PictureStyle(symbols: .half, colours: .direct)),
      ("pictures-no-colour", PictureStyle(symbols: .half, colours: .none)),
      ("pictures-ascii", PictureStyle(symbols: .ascii, colours: .palette256)),
    ])
  func modes(name: String, display: PictureStyle) throws {
    let runner = Self.runner(items: try Self.bundledItems(), display: display)
    let screen = AppFixture.styledScreen(runner, "")
    expectSnapshot(screen, named: name)
    let styles = screen.components(separatedBy: "--- styles")[1]
    switch display.colours {
    case .palette256: #expect(styles.contains("palette "))
    case .direct: #expect(styles.contains("rgb "))
    case .none: #expect(!styles.contains("palette ") && !styles.contains("rgb "))
    }
    if display.symbols == .ascii { #expect(!screen.contains("▀") && !screen.contains("▄"), "ASCII symbols only") }
  }

  @Test("a resize draws the pictures again at the new box size; --no-images keeps the placeholders")
  func resizeAndNoImages() throws {
    let items = try Self.bundledItems()
    let runner = Self.runner(items: items, display: PictureStyle())
    _ = AppFixture.screen(runner, "")
    let before = try #require(shownSize(runner.viewer, item: 0))
    _ = AppFixture.screen(runner, "resize:80x20")
    let after = try #require(shownSize(runner.viewer, item: 0))
    #expect(after != before && after.columns == runner.viewer.waterfall.layout.columnWidth - 2)
    let plain = Self.runner(items: items, display: nil)
    #expect(AppFixture.screen(plain, "").contains("▒") || AppFixture.screen(plain, "").contains("▓"))
    #expect(plain.viewer.pictures.entries.isEmpty)
  }

  @Test("bad pictures get a failure mark and the rest of the catalogue is drawn")
  func badPictures() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = Self.repository.appendingPathComponent("Resources/catalogue/pictures/0000.jpg").path
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: good))
    try Data().write(to: folder.appendingPathComponent("empty.jpg"))
    try Data("not a picture".utf8).write(to: folder.appendingPathComponent("text.jpg"))
    try jpeg.prefix(jpeg.count / 3).write(to: folder.appendingPathComponent("truncated.jpg"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("directory.jpg"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("loop.jpg").path,
      withDestinationPath: folder.appendingPathComponent("loop.jpg").path)
    let names = ["empty.jpg", "text.jpg", "directory.jpg", "missing.jpg", "loop.jpg"]
    var items = names.map {
      ShopItem(width: 300, height: 100, imageURL: folder.appendingPathComponent($0).path, price: "¥1", title: $0)
    }
    items.append(ShopItem(width: 300, height: 100, imageURL: good, price: "¥2", title: "good"))
    let runner = Self.runner(items: items, display: PictureStyle(), width: 100, height: 60)
    let screen = AppFixture.screen(runner, "")
    #expect(screen.components(separatedBy: "✕ no picture").count - 1 == names.count, "\(screen)")
    for index in names.indices {
      guard case .failed? = runner.viewer.pictures[.box(index)] else {
        Issue.record("\(names[index]): \(String(describing: runner.viewer.pictures[.box(index)]))")
        continue
      }
    }
    guard case .shown? = runner.viewer.pictures[.box(names.count)] else {
      Issue.record("the good picture is drawn")
      return
    }
    let detail = AppFixture.screen(runner, ": 2 Enter Enter")
    #expect(detail.contains("picture"), "the detail says why: \(detail)")
  }

  private func shownSize(_ viewer: Viewer, item: Int) -> BoxSize? {
    if case .shown(let grid, _)? = viewer.pictures[.box(item)] { return grid.size }
    return nil
  }
}

@Suite("The detail shows the picture large")
struct DetailPictureTests {
  @Test("Enter on a box opens its detail with the whole picture, larger, at its own shape")
  func detailPicture() throws {
    let items = try PictureScreenTests.bundledItems()
    let runner = PictureScreenTests.runner(items: items, display: PictureStyle(), width: 80, height: 40)
    // A wide picture: its box is short, the detail shows it across the panel.
    let wide = try #require(items.indices.first { items[$0].aspectRatio < 0.8 })
    _ = AppFixture.screen(runner, ": " + String(wide + 1).map { String($0) }.joined(separator: " ") + " Enter Enter")
    let index = try #require(runner.viewer.state.keyboardFocus)
    #expect(index == wide)
    guard case .shown(let grid, _)? = runner.viewer.pictures[.detail(index)] else {
      Issue.record("the detail's picture is drawn: \(String(describing: runner.viewer.pictures[.detail(index)]))")
      return
    }
    let columnWidth = runner.viewer.waterfall.layout.columnWidth
    let viewer = runner.viewer
    let aspect = viewer.store.displayItems[index].aspectRatio
    let boxRows = viewer.options.metrics.imageRows(aspectRatio: aspect, columnWidth: columnWidth)
    #expect(grid.size.columns * grid.size.rows > (columnWidth - 2) * boxRows, "larger than the box's picture")
    let shape = Double(grid.size.rows) / Double(grid.size.columns) / viewer.options.metrics.cellAspect
    #expect(abs(shape - aspect) / aspect < 0.15, "fitted at the picture's own shape, not cropped")
    _ = AppFixture.screen(runner, "Escape")
    #expect(runner.viewer.pictures[.detail(index)] == nil, "closing the detail lets its picture go")
  }
}
