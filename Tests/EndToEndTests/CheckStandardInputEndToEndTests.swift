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
    #expect(run.output == "stdin: item 2: price: missing\n2 items, 1 problem (1 item skipped)\n")
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
