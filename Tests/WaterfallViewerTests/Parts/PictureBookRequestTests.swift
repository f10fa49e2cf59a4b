import Pictures
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The pictures part asking for what the engine's boxes in view want, alone.
@Suite("Parts: the picture book's requests")
struct PictureBookRequestTests {
  @Test("every box in the buffered viewport is asked for once, each at its item's address; the detail's too")
  func requests() {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    var book = PictureBook()
    let effects = book.request(
      in: waterfall, store: source.store, metrics: BoxMetrics(), display: PictureStyle(), detail: nil)
    let asked = effects.compactMap { effect -> PictureSlot? in
      guard case .loadPicture(let request) = effect else { return nil }
      return request.item
    }
    #expect(Set(asked) == Set(waterfall.visibleCells.keys.map { PictureSlot.box($0) }) && !asked.isEmpty)
    #expect(
      book.request(in: waterfall, store: source.store, metrics: BoxMetrics(), display: PictureStyle(), detail: nil)
        .isEmpty, "the same boxes again: nothing more")
    let detail = book.request(
      in: waterfall, store: source.store, metrics: BoxMetrics(), display: PictureStyle(),
      detail: (0, BoxSize(columns: 20, rows: 8)))
    #expect(detail.count == 1)
  }
}
