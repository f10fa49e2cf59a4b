import ShopCatalog
import Testing

@testable import WaterfallViewer

/// Issue 29: `G` or a far jump over 10^6 items hands the store the whole measured result (16 MB of shapes). The
/// store takes that buffer as it is; a copy of it cost ~17 ms of the jump.
@Suite("The store adopts a measured result without copying it")
struct MeasuredAdoptionTests {
  static func shapes(_ count: Int, height: Double) -> [DisplayItem] {
    (0..<count).map { _ in DisplayItem(ShopItem(width: 10, height: height, price: "")) }
  }

  static func page(_ count: Int) -> CatalogueResponse {
    .page(
      CataloguePage(
        items: (0..<count).map { ShopItem(width: 10, height: Double(5 + $0), price: "") },
        ids: (0..<count).map { ItemID($0) },
        next: nil, resultCount: count))
  }

  @Test("the measured shapes' buffer becomes the store's, the loaded items keeping their own shapes")
  func takesTheBuffer() {
    var store = ItemStore()
    store.replace(with: Self.page(3))
    let loaded = store.displayItems
    let shapes = Self.shapes(10_000, height: 1)
    let buffer = shapes.withUnsafeBufferPointer { $0.baseAddress }
    store.adopt(MeasuredResult(shapes: consume shapes, pageSize: 3, starts: [nil], startRanks: nil))
    #expect(store.displayItems.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    #expect(store.count == 10_000)
    #expect(store.resultCount == 10_000)
    #expect(store.displayItems.prefix(3).map(\.aspectRatio) == loaded.map(\.aspectRatio))
    #expect(store.displayItems.dropFirst(3).allSatisfy { $0.aspectRatio == Self.shapes(1, height: 1)[0].aspectRatio })
  }

  @Test("more items loaded than measured (the result shrank): the loaded shapes are all kept, as before")
  func moreLoadedThanMeasured() {
    var store = ItemStore()
    store.replace(with: Self.page(5))
    store.adopt(MeasuredResult(shapes: Self.shapes(2, height: 1), pageSize: 5, starts: [nil], startRanks: nil))
    #expect(store.count == 5)
    #expect(store.resultCount == 2)
  }
}
