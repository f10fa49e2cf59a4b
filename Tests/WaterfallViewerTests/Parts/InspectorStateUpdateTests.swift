import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The inspector's place beside the waterfall and step mode, alone.
@Suite("Parts: the inspector's place and step mode")
struct InspectorStateUpdateTests {
  @Test("open on a wide screen it takes a third (30 to 46 columns) beside the waterfall; narrow, it goes over it")
  func viewport() {
    var inspector = InspectorState()
    let wide = GridSize(width: 120, height: 30)
    #expect(inspector.waterfallViewport(screen: wide) == GridSize(width: 120, height: 29), "closed: the whole width")
    inspector.isOpen = true
    #expect(inspector.waterfallViewport(screen: wide) == GridSize(width: 80, height: 29))
    #expect(InspectorState.width(screenWidth: 200) == 46 && InspectorState.width(screenWidth: 72) == 30)
    let narrow = GridSize(width: 60, height: 20)
    #expect(inspector.waterfallViewport(screen: narrow) == GridSize(width: 60, height: 19), "over the waterfall")
    #expect(InspectorState.width(screenWidth: 30) == 30)
  }

  @Test("step mode on opens a closed inspector; off lets go of the messages held meanwhile, once")
  func stepMode() {
    var inspector = InspectorState()
    let on = inspector.toggleStepMode()
    #expect(inspector.isStepping && on.opensInspector && on.release.isEmpty)
    #expect(on.notice.hasPrefix("step mode: each key"))
    inspector.heldMessages = [.tick(now: 5), .notice("held")]
    let off = inspector.toggleStepMode()
    #expect(!inspector.isStepping && !off.opensInspector && off.notice == "step mode off")
    #expect(off.release.count == 2 && inspector.heldMessages.isEmpty)
    inspector.isOpen = true
    #expect(!inspector.toggleStepMode().opensInspector, "already open")
  }
}
