import Testing

@testable import WaterfallViewer

/// Input held while the source opens, alone: what waits, what acts at once, and the order it is let go in.
@Suite("Parts: input held while the source opens")
struct HeldInputPartTests {
  @Test("before the start nothing is held; keys pass straight through")
  func notStarted() {
    var held = HeldInput()
    #expect(held.update(.event(.key(.character("j")), quits: false)) == [.key(.character("j"))])
  }

  @Test("keys and clicks wait, in order, and are let go once the source has answered, once only")
  func heldInOrder() {
    var held = HeldInput()
    _ = held.update(.start)
    #expect(held.update(.event(.key(.character("j")), quits: false)).isEmpty)
    let click = InputEvent.mouse(MouseEvent(kind: .press, x: 3, y: 4))
    #expect(held.update(.event(click, quits: false)).isEmpty)
    #expect(held.update(.updated(answered: false)).isEmpty, "still opening")
    #expect(held.update(.updated(answered: true)) == [.key(.character("j")), click])
    #expect(held.update(.updated(answered: true)).isEmpty)
    #expect(held.update(.event(.key(.character("k")), quits: false)) == [.key(.character("k"))], "live now")
  }

  @Test("a change of the terminal and a key that quits act at once, even while opening")
  func atOnce() {
    var held = HeldInput()
    _ = held.update(.start)
    #expect(held.update(.event(.resize(width: 80, height: 24), quits: false)) == [.resize(width: 80, height: 24)])
    #expect(held.update(.event(.repaint, quits: false)) == [.repaint])
    #expect(held.update(.event(.key(.character("q")), quits: true)) == [.key(.character("q"))])
    #expect(held.held?.isEmpty == true)
  }

  @Test("keys held for a result on its way are let go once, in order")
  func heldForTheResult() {
    var held = HeldInput()
    held.holdUntilResultShown(.key(.character("G")))
    held.holdUntilResultShown(.key(.character("n")))
    #expect(held.resultShown() == [.key(.character("G")), .key(.character("n"))])
    #expect(held.resultShown().isEmpty)
  }
}
