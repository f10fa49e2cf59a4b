import Foundation
import Testing

/// `waterfall --help` as a user meets it. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// `text` with every run of white space one space: the help's wrapped lines read as sentences.
  static func unwrapped(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test("waterfall --help is the viewer's: the usage without a subcommand, its options with defaults, then the rest")
  func helpIsTheViewers() throws {
    let pane = try TmuxPane(arguments: ["--help"], height: 40)
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    #expect(screen.contains("EXIT=0"), "\(screen)")
    let help = Self.unwrapped(try pane.history())
    #expect(help.contains("USAGE: waterfall [options] [PATH]"), "\(help)")
    for option in [
      "--sort <sort> The order: dataset, price (lowest first), -price (highest first) or title. (default: dataset)",
      "--symbols <symbols>", "--columns <columns>", "--pick", "--config <config>",
      "--latency <latency> Simulated network latency per page, in milliseconds: a demo of a slow network. (default: 0, none)",
    ] {
      #expect(help.contains(option), "\(option) is not in the help")
    }
    let options = try #require(help.range(of: "--page-size <page-size>"))
    let subcommands = try #require(help.range(of: "SUBCOMMANDS:"))
    #expect(options.lowerBound < subcommands.lowerBound, "the viewer's options come before the subcommands")
    #expect(help.contains("snapshot Run the viewer headless"))
  }

  @Test("every option of the help that takes a value says its default")
  func helpGivesEveryDefault() throws {
    let run = try BinaryRun(["--help"])
    #expect(run.status == 0)
    // An entry starts two spaces in, with its name; its description goes on, further in, on the lines after.
    var entries: [String] = []
    for line in run.output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  -") || line.hasPrefix("  <") {
        entries.append(String(line))
      } else if line.hasPrefix("      "), !entries.isEmpty {
        entries[entries.count - 1] += " " + line
      } else if !line.hasPrefix("  ") {
        entries.append("")
      }
    }
    let valued = entries.filter { ($0.hasPrefix("  -") || $0.hasPrefix("  <")) && $0.contains("<") }
      .map(Self.unwrapped)
    #expect(valued.count >= 22, "PATH and the options with a value: \(run.output)")
    for entry in valued {
      #expect(entry.contains("default: "), "no default: \(entry)")
    }
  }

  @Test("waterfall view still opens the viewer, with the same options; `help view` shows them")
  func viewSubcommandStays() throws {
    let help = try BinaryRun(["help", "view"])
    #expect(help.status == 0)
    #expect(help.output.contains("USAGE: waterfall view [<options>] [<path>]"), "\(help.output)")
    #expect(help.output.contains("--sort <sort>"))
    let bad = try BinaryRun(["view", "--columns", "0"])
    #expect(bad.status == 64)
    #expect(bad.errors.contains("--columns must be between 1 and 1000"), "\(bad.errors)")
  }
}
