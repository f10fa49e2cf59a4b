import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The search part alone: its matches in reading order, and n / N going round them.
@Suite("Parts: the search")
struct SearchStateTests {
  /// The layout of `count` fixture items in two columns, as the viewer lays them out.
  static func layout(count: Int) -> WaterfallLayout {
    let viewer = Viewer(screenSize: GridSize(width: 40, height: 20), options: AppFixture.options(columns: 2))
    guard case .loadPage(let load)? = viewer.update(.start).first else { fatalError("no first page asked for") }
    let answer = ItemCatalogue(items: AppFixture.items(count), pageSize: 50).fetch(load.pageRequest)
    viewer.update(.pageArrived(PageDelivery(load: load, response: answer)))
    return viewer.waterfall.layout
  }

  static func basis(items: Int) -> SearchState.Basis {
    SearchState.Basis(itemCount: items, columnCount: 2, width: 40, wholeResult: false)
  }

  @Test("matches come in reading order, by top then left, whatever order they are given in")
  func readingOrder() {
    var search = SearchState(query: ItemQuery("item"))
    let layout = Self.layout(count: 5)
    search.refresh(for: Self.basis(items: 5), layout: layout) { [4, 3, 0, 1, 2] }
    let tops = search.matches.map { layout.frame(of: $0).y }
    #expect(tops == tops.sorted() && Set(search.matches) == [0, 1, 2, 3, 4])
    #expect(Array(search.matches.prefix(2)) == [0, 1], "the two boxes at the top come first, left to right")
  }

  @Test("the same basis computes nothing again; a new one does, letting go of a current match past the end")
  func basis() {
    var search = SearchState(query: ItemQuery("item"))
    let layout = Self.layout(count: 5)
    search.refresh(for: Self.basis(items: 5), layout: layout) { [0, 1, 2, 3, 4] }
    _ = search.select(4)
    var asked = false
    search.refresh(for: Self.basis(items: 5), layout: layout) {
      asked = true
      return []
    }
    #expect(!asked && search.matches.count == 5)
    search.refresh(for: Self.basis(items: 2), layout: layout) { [0, 1] }
    #expect(search.matches.count == 2 && search.current == nil)
  }

  @Test("selecting past either end goes round and says so; with no match nothing is selected")
  func goesRound() {
    var search = SearchState(query: ItemQuery("item"))
    #expect(search.select(0) == nil)
    search.refresh(for: Self.basis(items: 3), layout: Self.layout(count: 3)) { [0, 1, 2] }
    let last = search.matches[2]
    #expect(search.select(-1).map { [$0.index, $0.wrapped ? 1 : 0] } == [last, 1] && search.current == 2)
    #expect(search.select(3).map(\.wrapped) == true && search.current == 0)
    #expect(
      search.select(1).map(\.wrapped) == false
        && search.statusText(loadingTo: nil, reading: .complete(itemsRead: 0)) == "match 2/3")
  }
}
