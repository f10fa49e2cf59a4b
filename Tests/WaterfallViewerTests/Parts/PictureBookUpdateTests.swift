import Pictures
import Testing

@testable import WaterfallViewer

/// The pictures part alone: what the book asks to load and cancel as the wanted pictures change.
@Suite("Parts: the picture book's update")
struct PictureBookUpdateTests {
  static let size = BoxSize(columns: 8, rows: 4)

  static func address(_ index: Int) -> (picture: String, datasetFile: String) {
    ("https://img.test/\(index).jpg", "/data/shop.json")
  }

  static func loads(_ effects: [Effect]) -> [(PictureSlot, PicturePriority)] {
    effects.compactMap { effect in
      guard case .loadPicture(let request) = effect else { return nil }
      return (request.item, request.priority)
    }
  }

  @Test("each new slot is loaded once, in slot order; the same wants again ask for nothing")
  func loadsOnce() {
    var book = PictureBook()
    let wanted: [PictureSlot: PictureBook.Want] = [
      .box(2): .init(index: 2, size: Self.size, priority: .prefetch),
      .box(1): .init(index: 1, size: Self.size, priority: .visible),
    ]
    let first = book.update(wanted: wanted, display: PictureStyle(), address: Self.address)
    #expect(Self.loads(first).map(\.0) == [.box(1), .box(2)] && first.count == 2)
    #expect(book.update(wanted: wanted, display: PictureStyle(), address: Self.address).isEmpty)
  }

  @Test("a slot no longer wanted is cancelled; one more urgent now is asked again; a new size loads anew")
  func followsTheWants() {
    var book = PictureBook()
    let prefetch = PictureBook.Want(index: 1, size: Self.size, priority: .prefetch)
    _ = book.update(
      wanted: [.box(1): prefetch, .box(2): prefetch], display: PictureStyle(), address: Self.address)
    let visible = PictureBook.Want(index: 1, size: Self.size, priority: .visible)
    let scrolled = book.update(wanted: [.box(1): visible], display: PictureStyle(), address: Self.address)
    #expect(scrolled.first == .cancelPicture(item: .box(2)))
    #expect(Self.loads(scrolled).map(\.1) == [.visible], "box 1 came on screen: asked again, now urgent")
    let wider = PictureBook.Want(index: 1, size: BoxSize(columns: 12, rows: 6), priority: .visible)
    let resized = book.update(wanted: [.box(1): wider], display: PictureStyle(), address: Self.address)
    guard case .loadPicture(let request)? = resized.first else {
      Issue.record("a new size was not loaded: \(resized)")
      return
    }
    #expect(request.key.size == BoxSize(columns: 12, rows: 6) && book[.box(1)]?.key.size == request.key.size)
  }
}
