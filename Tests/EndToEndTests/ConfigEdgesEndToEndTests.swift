import Foundation
import Testing

/// The config file's edges through the release binary: where --no-config stands, a key bound twice, the
/// terminal's own keys, and what `?` lists. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// A folder for XDG_CONFIG_HOME whose waterfall/config.toml is `text`; the file's path.
  static func configHome(_ text: String) throws -> (home: URL, file: String) {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wf-config-\(UUID().uuidString)")
    let folder = home.appendingPathComponent("waterfall")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("config.toml")
    try Data(text.utf8).write(to: file)
    return (home, file.path)
  }

  @Test("waterfall config gives the same answer wherever --no-config or --config stands among the options")
  func configOptionOrder() throws {
    let (home, _) = try Self.configHome("columns = 2\nno-images = true\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["XDG_CONFIG_HOME": home.path]
    let before = try BinaryRun(["config", "--no-config", "--columns", "4"], environment: environment)
    let after = try BinaryRun(["config", "--columns", "4", "--no-config"], environment: environment)
    #expect(before.status == 0 && after.status == 0, "\(before.errors)\(after.errors)")
    #expect(after.output.contains("config file: none (--no-config)"), "\(after.output)")
    #expect(!after.output.contains("columns = 2"), "the file was read: \(after.output)")
    // The same settings: only the echo of the command line differs.
    func settings(_ output: String) -> [Substring] {
      output.split(separator: "\n").filter { !$0.hasPrefix("command line:") }
    }
    #expect(settings(before.output) == settings(after.output))

    let (otherHome, other) = try Self.configHome("columns = 5\n")
    defer { try? FileManager.default.removeItem(at: otherHome) }
    let named = try BinaryRun(["config", "--columns", "4", "--config", other], environment: environment)
    #expect(named.output.contains("config file: \(other)"), "\(named.output)")
    #expect(named.output.contains("columns = 5"), "\(named.output)")
    // Both at once ask for opposite things: refused as a usage error (64, as the config's other errors), for the
    // viewer, snapshot and config alike.
    for command in [["snapshot"], ["config"], []] {
      let both = try BinaryRun(command + ["--no-config", "--config", other], environment: environment)
      #expect(both.status == 64 && both.errors.contains("--no-config says to read none"), "\(command): \(both.errors)")
    }
  }

  @Test(
    "a key bound twice gets file:line: \"x\" is bound twice, exit 64, before the terminal",
    arguments: [
      ("[keys]\nx = \"quit\"\nx = \"top\"\n", "3: \"x\" is bound twice (also on line 2)"),
      ("[keys]\nx = \"quit\"\n\"x\" = \"top\"\n", "3: \"x\" is bound twice (also on line 2)"),
      ("[keys]\nC-d = \"quit\"\nctrl-d = \"top\"\n", "3: \"ctrl-d\" is bound twice (also on line 2)"),
      ("columns = 2\ncolumns = 3\n", "2: \"columns\" is set twice (also on line 1)"),
    ])
  func keyBoundTwice(text: String, expected: String) throws {
    let (home, file) = try Self.configHome(text)
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try BinaryRun(["--no-images"], environment: ["XDG_CONFIG_HOME": home.path])
    #expect(run.status == 64)
    #expect(run.errors == "waterfall: \(file):\(expected)\n", "\(run.errors)")
  }

  @Test(
    "keys the terminal keeps (Ctrl-C, Ctrl-Z, Ctrl-\\) are refused with file:line",
    arguments: [
      ("\"C-c\" = \"refresh\"", "\"C-c\" is the terminal's own key (Ctrl-C interrupts)"),
      ("ctrl-Z = \"quit\"", "\"ctrl-Z\" is the terminal's own key (Ctrl-Z suspends)"),
      ("'C-\\' = \"quit\"", "\"C-\\\" is the terminal's own key (Ctrl-\\ quits)"),
      ("\"C-\\\\\" = \"quit\"", "\"C-\\\" is the terminal's own key (Ctrl-\\ quits)"),
      ("\"\\u0003\" = \"quit\"", "is the terminal's own key (Ctrl-C interrupts)"),
    ])
  func terminalsOwnKeys(binding: String, expected: String) throws {
    let (home, file) = try Self.configHome("columns = 2\n[keys]\n\(binding)\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try BinaryRun(["--no-images"], environment: ["XDG_CONFIG_HOME": home.path])
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("waterfall: \(file):3: [keys] "), "\(run.errors)")
    #expect(run.errors.contains(expected), "\(run.errors)")
    #expect(!run.printsControlCharacters)
  }

  @Test("? lists a key the config rebinds once, as the config's, and the keys it shared a line with")
  func helpListsEachBindingOnce() throws {
    let (home, _) = try Self.configHome("[keys]\nx = \"quit\"\nj = \"top\"\nn = \"bottom\"\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try BinaryRun(
      ["snapshot", "--no-images", "--size", "120x70", "--keys", "?"], environment: ["XDG_CONFIG_HOME": home.path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("quit (your config)"), "\(run.output)")
    #expect(run.output.contains("top (your config)"))
    #expect(!run.output.contains("open the focused item's link"), "x is listed twice:\n\(run.output)")
    // The row-down entry keeps its arrow and loses j, which now goes to the top.
    let rowDown = run.output.split(separator: "\n").first { $0.contains("a row down") } ?? ""
    #expect(rowDown.contains("↓") && !rowDown.contains("↓ j"), "\(rowDown)")
    // n / N lose n, and N, written on the line of n, stays listed.
    let matches = run.output.split(separator: "\n").first { $0.contains("next / previous match") } ?? ""
    #expect(matches.contains(" N ") && !matches.contains("n / N"), "\(matches)")
  }
}
