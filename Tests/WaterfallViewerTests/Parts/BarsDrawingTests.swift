import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The bars drawn alone: the header's and footer's rows, the placeholder for no boxes, the too-small screen.
@Suite("Parts: the bars drawn")
struct BarsDrawingTests {
  static func bars(_ paging: PagingStateMachine = PagingStateMachine(refreshThreshold: 6)) -> Bars {
    Bars(paging: paging, count: "50 items", spinner: "*", glyphs: .ascii)
  }

  @Test("the header draws on its row, the pull on the right; a row scrolled away draws nothing")
  func header() {
    var paging = PagingStateMachine(refreshThreshold: 6)
    paging.pull(rows: 2)
    var screen = Screen(width: 60, height: 5)
    Self.bars(paging).drawHeader(name: "Shop", pendingChange: nil, hasItems: true, row: 1, into: &screen)
    #expect(screen.line(1).hasPrefix(" Waterfall - Shop - 50 items"))
    #expect(screen.line(1).hasSuffix("v pull to refresh (2/6)"))
    var untouched = Screen(width: 60, height: 5)
    Self.bars(paging).drawHeader(name: "Shop", pendingChange: nil, hasItems: true, row: nil, into: &untouched)
    #expect(untouched.text == Screen(width: 60, height: 5).text)
  }

  @Test("the footer is centred on its row")
  func footer() {
    var screen = Screen(width: 40, height: 3)
    Self.bars().drawFooter(row: 2, into: &screen)
    let line = screen.line(2)
    #expect(line.trimmingCharacters(in: .whitespaces) == "v scroll down to load more")
    #expect(line.prefix { $0 == " " }.count == (40 - 26) / 2, "26 columns of text in 40")
  }

  @Test("the placeholder says loading, a failed first page with R, an empty catalogue, or a filter matching nothing")
  func placeholder() throws {
    var paging = PagingStateMachine(refreshThreshold: 6)
    #expect(Self.bars(paging).placeholder(for: .items, filter: nil, itemsRead: 0) == nil)
    #expect(Self.bars(paging).placeholder(for: .loading, filter: nil, itemsRead: 0)?.text == "* loading the catalogue~")
    #expect(Self.bars(paging).placeholder(for: .empty, filter: nil, itemsRead: 0)?.text.hasPrefix("no items") == true)
    let filtered = Self.bars(paging).placeholder(for: .empty, filter: ItemQuery("silk"), itemsRead: 9)
    #expect(filtered?.text == "nothing matches the filter \"silk\" - & then Enter shows every item")
    let asked = paging.loadMoreNow()
    let request = try #require(asked)
    _ = paging.loadMoreFinished(request: request, outcome: .failed(reason: "gone\u{1b}[2J"))
    let failed = Self.bars(paging).placeholder(for: .empty, filter: nil, itemsRead: 0)
    #expect(failed?.text == "loading failed - press R to retry: gone" && failed?.style == Palette.footerFailed)
  }

  @Test("a screen too small says how to quit first; the explanation gives way on the tiniest")
  func tooSmall() {
    var screen = Screen(width: 20, height: 4)
    MinimumSize.drawTooSmall(size: GridSize(width: 20, height: 4), glyphs: .ascii, into: &screen)
    #expect(screen.text.contains("q quits"))
    #expect(screen.text.contains("terminal too small") && screen.text.contains("this is 20x4"))
    var tiny = Screen(width: 20, height: 1)
    MinimumSize.drawTooSmall(size: GridSize(width: 20, height: 1), glyphs: .ascii, into: &tiny)
    #expect(tiny.text.contains("q quits") && !tiny.text.contains("too small"))
  }
}
