import Foundation
import Testing

/// `cat FILE | waterfall check` checks what is piped in, as `cat FILE | waterfall` views it; with no path and a
/// terminal on standard input there is nothing to check, and it says what it needs.
@Suite("check with no path")
struct CheckStandardInputEndToEndTests {
  @Test("a catalogue piped in is checked as standard input: each problem named, the summary, exit status 1")
  func checksWhatIsPipedIn() throws {
    let run = try BinaryRun(["check"], input: Data((FIFOSourceEndToEndTests.records + "\n").utf8))
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.errors == "")
    #expect(run.output == "stdin: item 2: h: not a number: \"tall\"\n2 items, 1 problem (1 item skipped)\n")
  }

  /// Three items, the second with no price (`"price": null` or none at all, or an empty CSV cell).
  static let withoutPrice = [
    #"{"w":100,"h":120,"price":"¥30","title":"dear"}"#,
    #"{"w":100,"h":140,"price":null,"title":"price on request"}"#,
    #"{"w":100,"h":160,"price":"¥3","title":"cheap"}"#,
    #"{"w":100,"h":150,"title":"sold out"}"#,
  ].joined(separator: "\n")

  @Test("an item without a price is kept: check notes it, not a problem, and exits 0")
  func noPriceIsANote() throws {
    let run = try BinaryRun(["check"], input: Data((Self.withoutPrice + "\n").utf8))
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output == """
        stdin: item 2: price: none (kept: shown without a price, sorted last)
        stdin: item 4: price: none (kept: shown without a price, sorted last)
        4 items, 0 problems, 2 notes

        """)
  }

  @Test("items without a price are shown, and sorted after every priced item, lowest or highest first")
  func noPriceSortsLast() throws {
    for (order, priced) in [("price", ["cheap", "dear"]), ("-price", ["dear", "cheap"])] {
      let run = try BinaryRun(
        ["snapshot", "--size", "30x120", "--columns", "1", "--no-images", "--sort=\(order)", "-"],
        input: Data((Self.withoutPrice + "\n").utf8))
      #expect(run.status == 0, "\(run.errors)")
      let titles = ["dear", "cheap", "price on request", "sold out"]
      let shown = titles.compactMap { title in run.output.range(of: title).map { (title, $0.lowerBound) } }
        .sorted { $0.1 < $1.1 }.map(\.0)
      #expect(Array(shown.prefix(2)) == priced, "\(order): \(run.output)")
      #expect(Set(shown.suffix(2)) == ["price on request", "sold out"], "\(order): \(run.output)")
    }
  }

  @Test("no path and a terminal on standard input: a usage error that says what to give, exit 64")
  func terminalIsNotADataset() throws {
    // script(1) gives the command a terminal of its own; -e passes on its exit status.
    let run = try BinaryRun(shell: "script -qec \"$WATERFALL check\" /dev/null")
    #expect(run.status == 64, "\(run.output)\(run.errors)")
    #expect(run.output.contains("check needs a dataset: a path, an address, or - for standard input"))
  }

  @Test("- with a terminal on standard input, for the viewer and check: a usage error instead of reading keys, 64")
  func dashOnATerminal() throws {
    for command in ["", " check"] {
      let run = try BinaryRun(shell: "script -qec \"$WATERFALL\(command) -\" /dev/null </dev/null")
      #expect(run.status == 64, "\(command): \(run.output)\(run.errors)")
      #expect(run.output.contains("- reads the dataset from standard input, which is this terminal"), "\(run.output)")
    }
  }
}
