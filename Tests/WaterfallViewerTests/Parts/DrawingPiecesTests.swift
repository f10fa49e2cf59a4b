import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The pieces the parts draw from their own state, which the root's render only composes: the placeholder in
/// place of the boxes, the cursor on a panel's title, the detail's picture, the spinner's frame.
@Suite("Parts: what the drawings take from their own state")
struct DrawingPiecesTests {
  static func bars(_ waterfall: WaterfallView) -> Bars {
    Bars(paging: waterfall.paging, count: "0 items", spinner: "*", glyphs: .ascii)
  }

  @Test("with no items the placeholder stands in the content area, centred; with items nothing is drawn")
  func placeholder() {
    let empty = ItemLayoutSourceTests.laidOut(0).waterfall
    var screen = Screen(width: 40, height: 20)
    #expect(Self.bars(empty).drawPlaceholder(over: empty, filter: nil, itemsRead: 0, into: &screen))
    #expect(screen.text.contains("no items: this catalogue is empty"), "\(screen.text)")
    let full = ItemLayoutSourceTests.laidOut(6).waterfall
    var untouched = Screen(width: 40, height: 20)
    #expect(!Self.bars(full).drawPlaceholder(over: full, filter: nil, itemsRead: 6, into: &untouched))
    #expect(untouched == Screen(width: 40, height: 20))
  }

  @Test("the cursor rests on an open panel's title, when it has room for one")
  func cursorOnTitle() {
    let panel = OverlayPanel(title: "Help", lines: [], screenSize: GridSize(width: 60, height: 20), picture: nil)
    #expect(panel.height >= 3)
    #expect(panel.cursorOnTitle.map { [$0.column, $0.row] } == [panel.x + 3, panel.y])
    #expect(OverlayPanel().cursorOnTitle == nil, "no panel")
  }

  @Test("the detail's picture: its item's index and size while a detail is open, else none")
  func detailPicture() {
    let store = surroundings(4).store
    let screen = GridSize(width: 80, height: 30)
    let open = PictureArea.detail(of: .detail(2), store: store, screen: screen, cellAspect: 0.5)
    #expect(open?.index == 2)
    let expected = PictureArea.detailSize(
      screen: screen, aspectRatio: store.displayItems[2].aspectRatio, cellAspect: 0.5)
    #expect(open?.size == expected && expected != nil)
    #expect(PictureArea.detail(of: .help, store: store, screen: screen, cellAspect: 0.5) == nil)
    #expect(PictureArea.detail(of: .detail(9), store: store, screen: screen, cellAspect: 0.5) == nil, "not loaded")
  }

  @Test("the spinner turns a frame every 100 ms, round")
  func spinner() {
    let glyphs = Glyphs.ascii
    #expect(glyphs.spinnerFrame(at: 0) == glyphs.spinner[0] && glyphs.spinnerFrame(at: 199) == glyphs.spinner[1])
    #expect(glyphs.spinnerFrame(at: 100 * glyphs.spinner.count) == glyphs.spinner[0])
  }

  @Test("the status line draws the prompt being typed in its place, with the cursor after the text")
  func prompt() {
    var line = StatusLine(
      position: nil, count: "3 items", onScreen: nil, selectedNumber: nil, marked: nil, reading: ReadingProgress(),
      search: nil, place: nil, loadedItemsOnly: false, filterShown: nil, sort: .dataset, notice: nil, stepping: false,
      measuring: nil, glyphs: .ascii)
    var bar = Screen(width: 30, height: 3)
    line.draw(into: &bar)
    #expect(bar.text.contains("3 items"))
    line.prompt = Prompt(purpose: .search, text: "silk")
    var typing = Screen(width: 30, height: 3)
    line.draw(into: &typing)
    let last = typing.text.split(separator: "\n", omittingEmptySubsequences: false)[2]
    #expect(last.hasPrefix("/silk") && !typing.text.contains("3 items"), "\(typing.text)")
    #expect(typing.cursorRow == 2 && typing.cursorColumn == 5)
  }
}
