import Foundation
import Testing

/// What a user gets with no options: a part of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("keys typed before the source's first items are kept and applied once they arrive, not dropped")
  func keysTypedWhileOpeningAreKept() throws {
    let (folder, file, _) = try Self.pipeCatalogue(count: 60)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A producer that stops for a while after a few items: the viewer is up, still waiting for its first page.
    let quoted = TmuxPane.quote(file)
    let pane = try TmuxPane(
      arguments: ["--no-images"], pipedFrom: "{ head -c 600 \(quoted); sleep 3; tail -c +601 \(quoted); }")
    try pane.waitForScreen { $0.contains("loading the catalogue") }
    try pane.send(keys: ["j", "j", "j"])
    let screen = try pane.waitForScreen(seconds: 20) { $0.contains("60 items") && $0.contains("row ") }
    #expect(screen.contains("row 4/"), "three rows down, as typed:\n\(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
