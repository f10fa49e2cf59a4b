import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// `update(message) → effects`: the viewer starts no I/O itself; it says what must happen.
@Suite("Update returns effects")
struct UpdateEffectsTests {
  static func viewer() -> Viewer {
    Viewer(screenSize: GridSize(width: 60, height: 20), options: AppFixture.options(columns: 2))
  }

  /// The answer of a source holding `items` in pages of `pageSize`.
  static func answer(_ load: PageLoad, items: [ShopItem], pageSize: Int) -> CatalogueResponse {
    ItemCatalogue(items: items, pageSize: pageSize).fetch(load.pageRequest)
  }

  @Test("start asks for the first page; its arrival fills the waterfall")
  func startLoadsFirstPage() throws {
    let viewer = Self.viewer()
    let effects = viewer.update(.start)
    guard case .loadPage(let load) = try #require(effects.first), effects.count == 1 else {
      throw Unexpected(effects: effects)
    }
    #expect(load.request.kind == .refresh)
    #expect(load.pageRequest == CataloguePageRequest(query: CatalogueQuery()))
    #expect(viewer.store.count == 0)
    let arrived = viewer.update(
      .pageArrived(PageDelivery(load: load, response: Self.answer(load, items: AppFixture.items(20), pageSize: 10))))
    #expect(arrived.isEmpty)
    #expect(viewer.store.count == 10 && viewer.waterfall.itemCount == 10)
  }

  @Test("a refresh cancels the load-more on its way, and the late page is dropped")
  func refreshCancelsLoadMore() throws {
    let viewer = Self.viewer()
    let start = viewer.update(.start)
    guard case .loadPage(let first) = try #require(start.first) else { throw Unexpected(effects: start) }
    let items = AppFixture.items(9)
    viewer.update(.pageArrived(PageDelivery(load: first, response: Self.answer(first, items: items, pageSize: 6))))
    // G at the bottom asks for the next page.
    let bottom = viewer.update(.input(.key(.character("G"))))
    guard case .loadPage(let more) = try #require(bottom.first) else { throw Unexpected(effects: bottom) }
    #expect(more.request.kind == .loadMore)
    #expect(more.pageRequest.pageNumber == 1 && more.pageRequest.cursor != nil)
    let refresh = viewer.update(.input(.key(.character("r"))))
    #expect(refresh.first == .cancelPageLoad(request: more.request.number))
    guard case .loadPage(let again) = try #require(refresh.last) else { throw Unexpected(effects: refresh) }
    #expect(again.request.kind == .refresh)
    viewer.update(.pageArrived(PageDelivery(load: more, response: Self.answer(more, items: items, pageSize: 6))))
    #expect(viewer.store.count == 6, "the late load-more page is stale")
  }

  @Test("q quits and Ctrl-L asks for a whole repaint, as effects")
  func quitAndRedraw() {
    let viewer = Self.viewer()
    #expect(viewer.update(.input(.key(.control("l")))) == [.redrawAll])
    #expect(viewer.update(.input(.key(.character("q")))) == [.quit])
  }
}

struct Unexpected: Error {
  var effects: [Effect]
}

@Suite("Input modes")
struct InputModeTests {
  @Test("a prompt owns the keys: `:` then a number goes to that item (#46 is the 46th); Esc cancels without moving")
  func goToPrompt() {
    let runner = AppFixture.runner(items: AppFixture.items(60), width: 60, height: 20)
    let viewer = runner.viewer
    let screen = AppFixture.screen(runner, ": 4 6")
    #expect(viewer.state.inputMode == .prompt)
    #expect(screen.split(separator: "\n").last?.hasPrefix(":46") == true, "\(screen)")
    #expect(viewer.waterfall.contentOffset == 0, "j, q and digits typed into a prompt do not act")
    _ = AppFixture.screen(runner, "Enter")
    #expect(viewer.state.inputMode == .normal)
    #expect(viewer.state.keyboardFocus == 45)
    #expect(viewer.waterfall.layout.frame(of: 45).intersects(viewer.waterfall.viewportRect))
    let offset = viewer.waterfall.contentOffset
    _ = AppFixture.screen(runner, ": 3 q Escape")
    #expect(viewer.state.inputMode == .normal && !viewer.state.isQuitting)
    #expect(viewer.waterfall.contentOffset == offset)
  }

  @Test("Backspace and Ctrl-U edit the prompt; a number out of range says so")
  func promptEditing() {
    let runner = AppFixture.runner(items: AppFixture.items(20), width: 100, height: 20)
    let screen = AppFixture.screen(runner, ": 9 9 Backspace Backspace 9 9 9 C-u 7 7 Enter")
    #expect(screen.contains("no item #77: the catalogue has 20"), "\(screen)")
    #expect(runner.viewer.state.keyboardFocus == nil)
  }
}
