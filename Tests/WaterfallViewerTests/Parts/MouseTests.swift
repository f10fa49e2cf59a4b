import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The mouse alone: what a wheel notch and a press do, over the waterfall and under a panel or a prompt.
@Suite("Parts: the mouse")
struct MouseTests {
  @Test("a wheel notch scrolls three rows: the open panel's, else the waterfall's")
  func wheel() {
    let waterfall = ItemLayoutSourceTests.laidOut(6).waterfall
    func wheel(_ kind: MouseEvent.Kind, panelOpen: Bool) -> Mouse.Outcome {
      Mouse.update(MouseEvent(kind: kind, x: 5, y: 5), panelOpen: panelOpen, promptOpen: false, waterfall: waterfall)
    }
    #expect(wheel(.wheelDown, panelOpen: false) == .scroll(rows: 3))
    #expect(wheel(.wheelUp, panelOpen: false) == .scroll(rows: -3))
    #expect(wheel(.wheelDown, panelOpen: true) == .scrollPanel(rows: 3))
    #expect(wheel(.wheelUp, panelOpen: true) == .scrollPanel(rows: -3))
  }

  @Test(
    "a press on a box opens it, selected; under a panel it closes the panel; under a prompt, or on the status row, nothing"
  )
  func press() {
    let waterfall = ItemLayoutSourceTests.laidOut(6).waterfall
    let frame = waterfall.layout.frame(of: 1)
    let onBox = MouseEvent(kind: .press, x: frame.x + 1, y: frame.y + 1 - waterfall.contentOffset)
    #expect(Mouse.update(onBox, panelOpen: true, promptOpen: false, waterfall: waterfall) == .closePanel)
    #expect(Mouse.update(onBox, panelOpen: false, promptOpen: true, waterfall: waterfall) == .nothing)
    let statusRow = MouseEvent(kind: .press, x: frame.x + 1, y: waterfall.viewportSize.height)
    #expect(Mouse.update(statusRow, panelOpen: false, promptOpen: false, waterfall: waterfall) == .nothing)
    #expect(waterfall.selectedIndex == nil, "nothing selected so far")
    #expect(Mouse.update(onBox, panelOpen: false, promptOpen: false, waterfall: waterfall) == .open(1))
    #expect(waterfall.selectedIndex == 1)
  }

  @Test("a press on the footer retries loading more")
  func footer() {
    let waterfall = ItemLayoutSourceTests.laidOut(6).waterfall
    waterfall.scroll(toOffset: waterfall.maximumOffset)
    let row = waterfall.layout.footerFrame.y - waterfall.contentOffset
    let press = MouseEvent(kind: .press, x: 10, y: row)
    #expect(Mouse.update(press, panelOpen: false, promptOpen: false, waterfall: waterfall) == .retryFooter)
  }
}
