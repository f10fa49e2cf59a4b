import Testing
import WaterfallKit

@testable import WaterfallViewer

/// What the mouse's outcomes ask of the root.
@Suite("Parts: the mouse's commands")
struct MouseCommandsTests {
  @Test("a wheel notch scrolls the panel or the waterfall; in step mode the waterfall a row at a time")
  func wheel() {
    #expect(Mouse.commands(.scrollPanel(rows: 3), stepping: false).summary == ["scroll panel 3 rows"])
    #expect(Mouse.commands(.scroll(rows: -3), stepping: false).summary == ["scroll -3 rows"])
    #expect(Mouse.commands(.scroll(rows: -3), stepping: true).summary == ["scroll -1 rows"])
  }

  @Test("a press closes the panel, opens the box pressed (the keyboard on it), or retries the footer")
  func press() {
    #expect(Mouse.commands(.closePanel, stepping: false).summary == ["close panel"])
    #expect(Mouse.commands(.open(4), stepping: false).summary == ["keyboard 4", "open detail 4"])
    #expect(Mouse.commands(.retryFooter, stepping: false).summary == ["retry load more"])
    #expect(Mouse.commands(.nothing, stepping: false).isEmpty)
  }

  @Test("a press on a box of the waterfall answers its opening")
  func pressOnBox() {
    let waterfall = ItemLayoutSourceTests.laidOut(6).waterfall
    let frame = waterfall.layout.frame(of: 0)
    let press = MouseEvent(kind: .press, x: frame.x + 1, y: waterfall.screenRow(frame.y + 1)!)
    let outcome = Mouse.update(press, panelOpen: false, promptOpen: false, waterfall: waterfall)
    #expect(Mouse.commands(outcome, stepping: false).summary == ["keyboard 0", "open detail 0"])
  }
}
