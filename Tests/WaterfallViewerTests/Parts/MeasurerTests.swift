import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The measured-layout path alone: stretches asked for in turn, the whole result handed back, and the far pages.
@Suite("Parts: the measurer")
struct MeasurerTests {
  static let query = CatalogueQuery()

  static func stretch(count: Int, next: PageCursor?, total: Int) -> MeasureResponse {
    let shapes = (0..<count).map { ItemShape(width: 200, height: 300, title: "item \($0)") }
    let starts: [PageCursor?] = (0..<(count / 10)).map { PageCursor(page: $0) }
    return .stretch(MeasuredStretch(shapes: shapes, pageSize: 10, pageStarts: starts, next: next, resultCount: total))
  }

  static func delivery(_ load: Effect, _ response: MeasureResponse) -> MeasureDelivery {
    guard case .measure(let measure) = load else { fatalError("not a measure: \(load)") }
    return MeasureDelivery(load: measure, response: response)
  }

  @Test("each stretch asks for the next from where it ended; the last hands back the whole result")
  func stretches() {
    var measurer = Measurer()
    let first = measurer.start(to: .end, query: Self.query, stretchRows: 20)
    #expect(first == .measure(MeasureLoad(number: 1, request: MeasureRequest(query: Self.query, limit: 20))))
    let arrival = measurer.receive(
      Self.delivery(first, Self.stretch(count: 20, next: PageCursor(page: 2), total: 30)), stretchRows: 20,
      loadedText: "10 items")
    guard case .next(let second) = arrival else { Issue.record("expected the next stretch: \(arrival)"); return }
    // With the items measured so far: where the next stretch's first item goes.
    var secondRequest = MeasureRequest(query: Self.query, from: PageCursor(page: 2), limit: 20)
    secondRequest.itemsBefore = 20
    #expect(second == .measure(MeasureLoad(number: 1, request: secondRequest)))
    #expect(measurer.measuring?.progressText == "measuring to the end 20/30")
    let last = measurer.receive(
      Self.delivery(second, Self.stretch(count: 10, next: nil, total: 30)), stretchRows: 20, loadedText: "10 items")
    guard case .measured(let whole) = last else { Issue.record("expected the whole result: \(last)"); return }
    #expect(whole.displayItems.count == 30 && whole.pageStarts.count == 3 && measurer.measuring == nil)
  }

  @Test("a stretch of a stopped measuring is dropped; Esc says how far it got")
  func cancelled() {
    var measurer = Measurer()
    let first = measurer.start(to: .jump, query: Self.query, stretchRows: 20)
    let stopped = measurer.cancel()
    #expect(stopped?.effect == .cancelMeasure(number: 1) && measurer.measuring == nil)
    let late = measurer.receive(
      Self.delivery(first, Self.stretch(count: 20, next: nil, total: 20)), stretchRows: 20, loadedText: "")
    guard case .ignored = late else { Issue.record("a stopped measuring's stretch was taken: \(late)"); return }
    #expect(measurer.cancel() == nil, "nothing left to cancel")
  }

  @Test("a source that cannot know its end says so for G, which follows the end; its query is not measured again")
  func endUnknown() {
    var measurer = Measurer()
    let first = measurer.start(to: .end, query: Self.query, stretchRows: 20)
    let arrival = measurer.receive(
      Self.delivery(first, .endUnknown(reason: "a feed has no end")), stretchRows: 20, loadedText: "40 items")
    guard case .cannotMeasure(let notice, let followsEnd) = arrival else { Issue.record("\(arrival)"); return }
    #expect(notice == "a feed has no end: at the end of the 40 items loaded, more coming (a key stops)")
    #expect(followsEnd == "a feed has no end")
    #expect(measurer.unmeasurableQuery == Self.query)
  }
}
