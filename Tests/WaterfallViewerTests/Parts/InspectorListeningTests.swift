import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The inspector part alone: when the engine records layout passes, and what the part keeps of them.
@Suite("Parts: the inspector's listening")
struct InspectorListeningTests {
  @Test("closed and with no flashing, the engine records nothing; open, a layout pass is kept with item numbers")
  func listens() {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    var inspector = InspectorState()
    inspector.listen(to: waterfall, flashingReuse: false, now: 0)
    #expect(waterfall.eventRecorder == nil)
    inspector.isOpen = true
    inspector.listen(to: waterfall, flashingReuse: false, now: 0)
    #expect(waterfall.eventRecorder != nil)
    waterfall.scroll(toOffset: 10)
    inspector.collect(from: waterfall, store: source.store, now: 0)
    #expect(!inspector.entries.isEmpty)
    #expect(inspector.entries.allSatisfy { entry in entry.event.item.map { _ in entry.itemNumber != nil } ?? true })
    inspector.isOpen = false
    inspector.listen(to: waterfall, flashingReuse: true, now: 0)
    #expect(waterfall.eventRecorder != nil, "reuse labels flashing still read the passes")
    inspector.listen(to: waterfall, flashingReuse: false, now: 0)
    #expect(waterfall.eventRecorder == nil)
  }
}
