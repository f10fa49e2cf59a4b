import Foundation
import Testing

/// A focused box shows its top, through the release binary in tmux. An extension of the one serialized end-to-end
/// suite.
extension ViewerEndToEndTests {
  @Test("after scrolling two rows, the first l focuses the box at the top and scrolls back to its top")
  func firstFocusShowsTop() throws {
    let pane = try TmuxPane(arguments: [], width: 100, height: 30)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["j", "j"])
    let scrolled = try pane.waitForScreen { $0.contains("row 3/") }
    #expect(!scrolled.contains("┏"), "nothing focused yet")
    try pane.send(keys: ["l"])
    // The focused box is drawn heavy: its top corner on screen is its top in view.
    let focused = try pane.waitForScreen { $0.contains("┏") }
    #expect(focused.contains("row 2/"), "scrolled up a row, to the first row of boxes:\n\(focused)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
