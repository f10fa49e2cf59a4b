import Foundation
import Testing

/// Sections through the release binary with no other option. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("--group-by shop, then one G: every page of the bundled catalogue loads and the view is at its end")
  func sectionsGoToEndInOnePress() throws {
    let pane = try TmuxPane(arguments: ["--group-by", "shop"], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("/180 items") && $0.contains("row 1/") }
    try pane.send(keys: ["G"])
    let end = try pane.waitForScreen(seconds: 20) { $0.contains("the end: 180 items") }
    #expect(end.contains("180/180 items") || end.contains("│ 180 items"), "\(end)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
