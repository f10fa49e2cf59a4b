import ShopCatalog
import Testing

@testable import WaterfallViewer

/// After `G`, the count is the items measured: a page that comes after it carries the source's own count, which
/// for a SQLite catalogue with a row changed by hand counts the row its pages leave out (330 where 329 are shown).
@Suite("A measured result's count stays the items measured")
struct MeasuredCountTests {
  @Test("a page taken after the measure does not put back the source's larger count")
  func pageAfterMeasure() {
    var store = ItemStore()
    let first = CataloguePage(
      items: (0..<3).map { ShopItem(width: 10, height: Double(5 + $0), price: "") }, ids: (0..<3).map { ItemID($0) },
      next: PageCursor(page: 1), resultCount: 10)
    store.replace(with: .page(first))
    #expect(store.resultCount == 10)
    store.adopt(
      MeasuredResult(shapes: MeasuredAdoptionTests.shapes(9, height: 1), pageSize: 3, starts: [nil], startRanks: nil))
    var second = first
    second.ids = (3..<6).map { ItemID($0) }
    store.take(.page(second))
    #expect(store.resultCount == 9)
    #expect(store.resultCountText == "9")
  }
}
