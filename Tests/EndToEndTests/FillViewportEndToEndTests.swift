import Foundation
import TestSupport
import Testing

/// A reader fills its screen. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("a tall terminal's first page of four fills it with the pages after it, without a key")
  func firstPageFillsTallTerminal() throws {
    let folder = TemporaryDirectory("fill")
    defer { folder.remove() }
    let items = (0..<60).map {
      "{\"w\": 100, \"h\": \(80 + $0 % 5 * 20), \"price\": \"¥\($0)\", \"title\": \"item \($0)\"}"
    }
    let file = folder.write("items.json", "[" + items.joined(separator: ",\n") + "]")
    let pane = try TmuxPane(arguments: ["--page-size", "4", file], width: 100, height: 60)
    let screen = try pane.waitForSteadyScreen { screen in
      // "N/60 items" with N past the first page, and the view still at its top.
      guard let range = screen.range(of: #"([0-9]+)/60 items"#, options: .regularExpression) else { return false }
      return (Int(screen[range].prefix { $0.isNumber }) ?? 0) > 4 && screen.contains("row 1/")
    }
    #expect(screen.contains("item 4"), "an item of the second page is on screen:\n\(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
