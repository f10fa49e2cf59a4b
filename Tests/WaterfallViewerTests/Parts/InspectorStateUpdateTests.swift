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

  @Test("i opens and closes the inspector and has the root fit the engine around it")
  func toggle() {
    var inspector = InspectorState()
    #expect(inspector.update(.inspector).summary == ["inspector toggled"] && inspector.isOpen)
    #expect(inspector.update(.inspector).summary == ["inspector toggled"] && !inspector.isOpen)
  }

  @Test("step mode on opens a closed inspector; off lets go of the messages held meanwhile, once")
  func stepMode() {
    var inspector = InspectorState()
    #expect(
      inspector.update(.stepMode).summary == [
        "inspector toggled", "notice step mode: each key runs one layout pass (. resumes)",
      ])
    #expect(inspector.isStepping && inspector.isOpen)
    inspector.heldMessages = [.tick(now: 5), .notice("held")]
    #expect(inspector.update(.stepMode).summary == ["notice step mode off", "apply tick", "apply notice"])
    #expect(!inspector.isStepping && inspector.heldMessages.isEmpty)
    #expect(inspector.update(.stepMode).summary == ["notice step mode: each key runs one layout pass (. resumes)"])
    #expect(inspector.isOpen, "already open: it stays")
  }
}
