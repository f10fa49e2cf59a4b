import Foundation
import Testing

/// `snapshot` takes the same display options as the viewer.
@Suite("Snapshot's options")
struct SnapshotOptionsTests {
  @Test("snapshot takes --no-mouse, and then a script's click opens nothing, as a terminal would send none")
  func noMouse() throws {
    try TmuxPane.requireUsableBinary()
    let clicked = try BinaryRun(["snapshot", "--no-images", "--size", "100x30", "--keys", "click:30,6"])
    #expect(clicked.status == 0, "\(clicked.errors)")
    #expect(clicked.output.contains("Item #"), "a click opens the detail:\n\(clicked.output)")
    let ignored = try BinaryRun(["snapshot", "--no-mouse", "--no-images", "--size", "100x30", "--keys", "click:30,6"])
    #expect(ignored.status == 0, "\(ignored.errors)")
    #expect(!ignored.output.contains("Item #"), "\(ignored.output)")
  }
}
