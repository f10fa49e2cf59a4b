import Foundation
import Testing

/// `waterfall check URL` in the release binary: exit 0, 1 or 2 as for files.
extension ViewerEndToEndTests {
  @Test("check URL: every page read; 0 when clean, 1 naming page, item and field, 2 when the first page fails")
  func checkFeed() throws {
    let server = try PictureServer()
    let clean = try BinaryRun(["check", server.url("/feed/cursor?cursor={cursor}&per=4&pages=3")])
    #expect(clean.status == 0 && clean.output == "12 items in 3 pages, 0 problems\n", "\(clean.output)\(clean.errors)")
    let address = server.url("/feed/next-url?per=4&pages=3&bad=10")
    let bad = try BinaryRun(["check", address])
    #expect(bad.status == 1, "\(bad.errors)")
    let lines = bad.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(bad.output)")
    #expect(lines.first?.hasPrefix(server.url("/feed/next-url?page=3&per=4&pages=3&bad=10") + ": item 2: w: ") == true)
    #expect(lines.last == "11 items in 3 pages, 1 problem (1 item skipped)")
    let unreadable = try BinaryRun(["check", server.url("/status/500?page={page}")])
    #expect(unreadable.status == 2 && unreadable.output.isEmpty && unreadable.errors.contains("500"))
  }
}
