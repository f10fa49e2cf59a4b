import ShopCatalog
import Testing

@testable import WaterfallViewer

/// When `G` and a far jump start measuring, alone: what the part answers for each situation.
@Suite("Parts: the measurer's starts")
struct MeasurerStartsTests {
  static func situation(measurable: Bool = true, sections: Bool = false) -> Measurer.Situation {
    Measurer.Situation(measurable: measurable, query: MeasurerTests.query, sections: sections, stretchRows: 20)
  }

  static let firstStretch = Effect.measure(
    MeasureLoad(number: 1, request: MeasureRequest(query: MeasurerTests.query, limit: 20)))

  @Test("G measures a result not laid out whole yet, once; sections load every page instead")
  func goToEnd() {
    var measurer = Measurer()
    #expect(measurer.goToEnd(Self.situation(), itemCount: 10, exhausted: false) == .measure(Self.firstStretch))
    #expect(measurer.measuring?.destination == .end)
    #expect(measurer.goToEnd(Self.situation(), itemCount: 10, exhausted: false) == .stays, "measuring already")
    var fresh = Measurer()
    #expect(fresh.goToEnd(Self.situation(sections: true), itemCount: 10, exhausted: false) == .loadEverySection)
    for (situation, count, exhausted) in [
      (Self.situation(measurable: false), 10, false), (Self.situation(), 0, false), (Self.situation(), 10, true),
    ] {
      #expect(fresh.goToEnd(situation, itemCount: count, exhausted: exhausted) == .stays)
    }
    #expect(fresh.measuring == nil, "nothing started")
  }

  @Test("G while measuring for a jump takes the measuring to the end")
  func redirects() {
    var measurer = Measurer()
    #expect(measurer.measureForJump(Self.situation()) == (true, Self.firstStretch))
    #expect(measurer.measuring?.destination == .jump)
    #expect(measurer.goToEnd(Self.situation(), itemCount: 10, exhausted: false) == .redirected)
    #expect(measurer.measuring?.destination == .end)
  }

  @Test("a far jump measures once; sections and a result the source could not measure load page by page")
  func jumps() {
    var measurer = Measurer()
    #expect(measurer.measureForJump(Self.situation(sections: true)) == (false, nil))
    #expect(measurer.measureForJump(Self.situation(measurable: false)) == (false, nil))
    let start = measurer.measureForJump(Self.situation())
    #expect(start == (true, Self.firstStretch))
    #expect(measurer.measureForJump(Self.situation()) == (true, nil), "the measuring under way serves it")
    _ = measurer.receive(
      MeasurerTests.delivery(Self.firstStretch, .unavailable(reason: "a looping catalogue")), stretchRows: 20,
      loadedText: "10 items")
    #expect(measurer.measureForJump(Self.situation()) == (false, nil), "the source said it cannot")
  }

  @Test("Esc while measuring: the cancel, and how far it had come")
  func stop() throws {
    var measurer = Measurer()
    let none = measurer.stop()
    #expect(none == nil)
    _ = measurer.goToEnd(Self.situation(), itemCount: 10, exhausted: false)
    let answer = measurer.stop()
    let stopped = try #require(answer)
    #expect(stopped.effect == .cancelMeasure(number: 1) && stopped.notice == "stopped measuring at 0 of ?")
    #expect(measurer.measuring == nil)
  }
}
