import Foundation
import TestSupport
import Testing

/// A dataset named by a path that is a pipe (a FIFO, `<(a command)`) is read as it arrives, by `waterfall check`
/// as by the viewer: both ask the one registry of sources, so neither looks into the pipe for a SQLite header
/// (which would eat its first bytes) nor refuses it for not being a regular file.
@Suite("A FIFO named as the dataset")
struct FIFOSourceEndToEndTests {
  /// Two usable items and one without a price, as JSON Lines.
  static let records = #"""
    {"w":100,"h":120,"price":"¥1","title":"first from the pipe"}
    {"w":100,"h":"tall","title":"unreadable height"}
    {"w":100,"h":160,"price":"¥3","title":"third from the pipe"}
    """#

  /// Runs `waterfall ARGUMENTS FIFO` while a writer fills a fresh FIFO with ``records``; a writer still waiting
  /// for a reader when the binary ends (it never opened the FIFO) is stopped, so the test cannot hang.
  static func runOnFIFO(_ arguments: String) throws -> (run: BinaryRun, fifo: String) {
    let folder = TemporaryDirectory("fifo")
    defer { folder.remove() }
    let fifo = folder.file("items.jsonl")
    let records = folder.write("records", Self.records + "\n")
    let run = try BinaryRun(
      shell: """
        mkfifo \(TmuxPane.quote(fifo)) && { cat \(TmuxPane.quote(records)) > \(TmuxPane.quote(fifo)) & } \
          && "$WATERFALL" \(arguments) \(TmuxPane.quote(fifo)); status=$?; kill $! 2>/dev/null; wait; exit $status
        """)
    return (run, fifo)
  }

  @Test("check FIFO reads it as the viewer does: each problem named, the summary, exit status 1")
  func checkReadsTheFIFO() throws {
    let (check, fifo) = try Self.runOnFIFO("check")
    #expect(check.status == 1, "\(check.errors)")
    #expect(check.errors == "")
    #expect(check.output == "\(fifo): item 2: h: not a number: \"tall\"\n2 items, 1 problem (1 item skipped)\n")
  }

  @Test("the viewer (snapshot FIFO) shows the same two items check counts")
  func viewerReadsTheFIFO() throws {
    let (snapshot, _) = try Self.runOnFIFO("snapshot --size 100x24")
    #expect(snapshot.status == 0, "\(snapshot.errors)")
    #expect(snapshot.output.contains("· 2 items"), "\(snapshot.output)")
    #expect(snapshot.output.contains("first from the pipe") && snapshot.output.contains("third from the pipe"))
  }

  @Test("a FIFO among a directory's page files is a page that cannot be read, not a wait for a writer forever")
  func fifoAmongPages() throws {
    let folder = TemporaryDirectory("fifo-pages")
    defer { folder.remove() }
    let page = Self.records.split(separator: "\n").filter { $0.contains("price") }.joined(separator: "\n")
    folder.write("1.jsonl", page + "\n")
    let pages = TmuxPane.quote(folder.path)
    // `timeout`: a reader stuck on the FIFO ends as 124 instead of hanging the suite.
    let check = try BinaryRun(
      shell: "mkfifo \(pages)/2.jsonl && timeout 20 \"$WATERFALL\" check \(pages)")
    #expect(check.status != 124, "check waited on the FIFO")
    let said = check.output + check.errors
    #expect(said.contains("2.jsonl") && said.contains("not a regular file"), "\(said)")
    #expect(check.status == 1 || check.status == 2, "\(check.status): \(said)")
  }
}
