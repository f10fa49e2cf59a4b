import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The boxes alone: what they draw from the arguments they are given (focus, marks, search, sections), and where
/// the cursor rests.
@Suite("Parts: the boxes")
struct BoxesTests {
  /// A viewer with a dozen items laid out in two columns, and its boxes drawn with `search`, `marked`, sections.
  static func drawn(
    focused: Int? = nil, search: String? = nil, marked: Int? = nil, keys: String = "", sections: Bool = false
  ) -> (screen: Screen, boxes: Boxes, viewer: Viewer) {
    let runner = AppFixture.runner(items: AppFixture.items(12), options: AppFixture.options(columns: 2, ascii: true))
    _ = AppFixture.screen(runner, keys)
    let viewer = runner.viewer
    var picker = Picker()
    if let marked {
      _ = picker.update(.toggleMark(viewer.store.ids[marked], viewer.store.items[marked]))
    }
    let boxes = Boxes(
      waterfall: viewer.waterfall, store: viewer.store,
      focus: Focus(keyboard: focused, waterfall: viewer.waterfall, store: viewer.store), glyphs: .ascii,
      metrics: viewer.options.metrics, reuse: nil, picker: picker, pictures: nil, search: search.map(ItemQuery.init),
      hasSections: sections)
    var screen = Screen(width: viewer.state.screenSize.width, height: viewer.state.screenSize.height)
    boxes.draw(into: &screen)
    return (screen, boxes, viewer)
  }

  @Test("a box shows its price over the picture's last row and its title below; the status row stays blank")
  func priceAndTitle() {
    let (screen, _, viewer) = Self.drawn()
    let frame = viewer.waterfall.layout.frame(of: 1)
    let rows = (0..<screen.height).map { screen.line($0) }
    let titleRow = rows.firstIndex { $0.contains("item 1") }
    let priceRow = rows.firstIndex { $0.contains("¥11") }
    #expect(titleRow != nil && priceRow.map { $0 + 1 } == titleRow)
    #expect(rows[frame.y - viewer.waterfall.contentOffset].contains("+---"), "the border's top")
    #expect(rows[screen.height - 1].trimmingCharacters(in: .whitespaces).isEmpty)
  }

  @Test("a marked item has the pick mark at its top-left corner; an unmarked one does not")
  func pickMark() {
    let (screen, _, viewer) = Self.drawn(marked: 1)
    let marked = viewer.waterfall.layout.frame(of: 1)
    let other = viewer.waterfall.layout.frame(of: 0)
    let top = viewer.waterfall.contentOffset
    #expect(screen.line(marked.y - top).dropFirst(marked.x).hasPrefix("@"))
    #expect(!screen.line(other.y - top).dropFirst(other.x).hasPrefix("@"))
  }

  @Test("what the search matches in a title is drawn in the match style, and nothing without a search")
  func searchHighlight() {
    let styles = { (screen: Screen) in Set(screen.cells.map(\.style)) }
    #expect(styles(Self.drawn(search: "item 1").screen).contains(Palette.searchMatch))
    #expect(!styles(Self.drawn().screen).contains(Palette.searchMatch))
  }

  @Test("the cursor rests on the focused box's title, or its first row on screen when the title is not; else none")
  func cursor() throws {
    #expect(Self.drawn().boxes.cursorOnFocus == nil)
    let (screen, short, viewer) = Self.drawn(focused: 1)
    let onTitle = try #require(short.cursorOnFocus)
    #expect(screen.line(onTitle.row).dropFirst(onTitle.column).hasPrefix("item 1"))
    let tall = try #require(Self.drawn(focused: 0).boxes.cursorOnFocus)
    let frame = viewer.waterfall.layout.frame(of: 0)
    #expect(tall.column == frame.x + 1 && tall.row == frame.y - viewer.waterfall.contentOffset, "its title is below")
  }

  @Test("with the result in sections (S), each section's header says its shop and count; without, none is drawn")
  func sectionHeaders() {
    let inSections = Self.drawn(keys: "S", sections: true).screen
    #expect(inSections.text.contains("> shop 0 - 4 items"))
    #expect(inSections.cells.contains { $0.style == Palette.sectionHeader })
    let withoutHeaders = Self.drawn(keys: "S", sections: false).screen
    #expect(!withoutHeaders.text.contains("shop 0"))
  }
}
