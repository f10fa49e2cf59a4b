import Foundation
import Testing

/// `r` on a catalogue read from files keeps the place, as on a feed and on PostgreSQL. An extension of the one
/// serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("r on the bundled catalogue, three pages down with a box focused, leaves the view where it was")
  func refreshKeepsThePlaceOnFiles() throws {
    let before = try BinaryRun(["snapshot", "--no-images", "--size", "100x30", "--keys", "C-d C-d C-d l"])
    let after = try BinaryRun(["snapshot", "--no-images", "--size", "100x30", "--keys", "C-d C-d C-d l r"])
    #expect(before.status == 0 && after.status == 0, "\(before.errors)\(after.errors)")
    let place = { (run: BinaryRun) in run.output.split(separator: "\n").last?.split(separator: "│").first }
    #expect(place(before)?.contains("row 1/") == false, "three pages down: \(before.output)")
    #expect(place(after) == place(before), "the same row after r:\n\(after.output)")
    let heavy = { (run: BinaryRun) in run.output.split(separator: "\n").filter { $0.contains("┃") }.count }
    #expect(heavy(after) > 0 && heavy(after) == heavy(before), "the focused box still drawn heavy:\n\(after.output)")
  }
}
