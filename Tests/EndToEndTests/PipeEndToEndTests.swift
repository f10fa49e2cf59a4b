import Foundation
import Testing

/// Waterfall in a shell pipeline: a catalogue from stdin, picks to stdout, the screen and keys on the terminal.
/// An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// A catalogue of `count` items in a fresh folder, with the folder; each record has a field the schema does not
  /// name and a nested one, so "every field" is checked.
  static func pipeCatalogue(count: Int = 30) throws -> (folder: URL, file: String, records: [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-pipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let records = (0..<count).map { index in
      #"{"w":100,"h":\#(100 + index * 7 % 60),"price":"¥\#(index + 1)","title":"item \#(index)","img":"p/\#(index).jpg","#
        + #""sku":"S-\#(index)","tags":{"new":true,"sizes":[1,2]}}"#
    }
    // Written over several lines as people write JSON: the picks come out one line each all the same.
    let text =
      "[\n  " + records.map { $0.replacingOccurrences(of: ",\"", with: ", \"") }.joined(separator: ",\n  ")
      + "\n]\n"
    let file = folder.appendingPathComponent("items.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return (folder, file, records)
  }

  @Test("a catalogue piped in is browsed with keys from the terminal; q exits 0 and restores it")
  func pipedCatalogue() throws {
    let (folder, file, _) = try Self.pipeCatalogue()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(
      arguments: ["--no-images"], pipedFrom: "cat \(TmuxPane.quote(file))")
    try pane.waitForScreen { $0.contains("Waterfall · stdin · 30 items") && $0.contains("row 1/") }
    try pane.send(keys: ["j"])
    try pane.waitForScreen { $0.contains("row 2/") }
    // Item 29, and item 28 by its price (¥29).
    try pane.send(keys: ["/", "i", "t", "e", "m", " ", "2", "9", "Enter"])
    try pane.waitForScreen { $0.contains("match 1/2") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("a pipe whose every record is unusable gets its problems and exit status 1, the terminal never touched")
  func unusablePipe() throws {
    // The pipe stays open a second after its one bad record: the viewer must wait for its end, not open empty.
    let pane = try TmuxPane(arguments: [], pipedFrom: #"{ printf '{"w": 1}\n'; sleep 1; }"#)
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    #expect(screen.contains("waterfall: stdin: item 1: h: missing"), "\(screen)")
    #expect(screen.contains("waterfall: stdin: no usable items: every item has a problem"), "\(screen)")
    #expect(screen.contains("EXIT=1"), "\(screen)")
    #expect(try pane.format("#{alternate_on}") == "0", "the alternate screen was never entered")
  }

  @Test("a piped JSON cut short inside its first page is refused as the file is: exit 2, the terminal never touched")
  func truncatedPipe() throws {
    let (folder, file, _) = try Self.pipeCatalogue()
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = try Data(contentsOf: URL(fileURLWithPath: file))
    let cut = folder.appendingPathComponent("cut.json").path
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
    for round in 1...3 {
      let pane = try TmuxPane(arguments: [], pipedFrom: "cat \(TmuxPane.quote(cut))")
      let screen = try pane.waitForScreen { $0.contains("EXIT=") }
      #expect(
        screen.contains("waterfall: stdin: not valid JSON") && screen.contains("EXIT=2"), "round \(round): \(screen)")
      #expect(try pane.format("#{alternate_on}") == "0", "round \(round): the alternate screen was never entered")
    }
  }

  /// Picks from the test catalogue in a pane, piped in or named: each batch of `keys` (waiting until the status
  /// bar counts that batch's `marks`), then `finish`; checks the exit `status` and the restored terminal, and
  /// returns what the program wrote on its standard output, with the catalogue's records.
  func pick(
    arguments: [String], piped: Bool, keys: [[String]], marks: [Int], finish: String, status: String
  ) throws -> (output: String, records: [String]) {
    let (folder, file, records) = try Self.pipeCatalogue()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("picks.txt").path
    let pane = try TmuxPane(
      arguments: ["--pick", "--no-images", "--columns", "3"] + arguments + (piped ? [] : [file]),
      pipedFrom: piped ? "cat \(TmuxPane.quote(file))" : nil, outputFile: output)
    try pane.waitForScreen { $0.contains("0 marked") && $0.contains("┌") }
    for (batch, count) in zip(keys, marks) {
      try pane.send(keys: batch)
      try pane.waitForScreen { $0.contains("\(count) marked") && $0.contains("✓") }
    }
    try pane.send(keys: [finish])
    try expectRestored(pane, status: status)
    return (try String(contentsOfFile: output, encoding: .utf8), records)
  }

  @Test("--pick with two marks writes two JSON lines, each record with all its fields, to a file")
  func pickToFile() throws {
    let (picks, records) = try pick(
      arguments: [], piped: true, keys: [["Tab"], ["l", "Space"]], marks: [1, 2], finish: "Enter", status: "0")
    #expect(picks == records[0] + "\n" + records[1] + "\n")
  }

  @Test("--print img writes the picked items' picture paths, one a line, for xargs")
  func printPictures() throws {
    let (picks, _) = try pick(
      arguments: ["--print", "img"], piped: false, keys: [["l", "l", "l", "Tab", "h", "Tab"]], marks: [2],
      finish: "Enter", status: "0")
    #expect(picks == "p/1.jpg\np/2.jpg\n", "dataset order")
  }

  @Test("Esc while picking prints nothing and exits 130, the terminal restored")
  func escapePicksNothing() throws {
    let (picks, _) = try pick(
      arguments: [], piped: true, keys: [["Tab"]], marks: [1], finish: "Escape", status: "130")
    #expect(picks == "")
  }

  @Test("snapshot - and check - read standard input; its relative pictures resolve against the current directory")
  func snapshotAndCheckFromStandardInput() throws {
    let (folder, file, _) = try Self.pipeCatalogue(count: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalogue = try Data(contentsOf: URL(fileURLWithPath: file))
    let snapshot = try BinaryRun(["snapshot", "-", "--no-images", "--size", "80x20"], input: catalogue)
    #expect(snapshot.status == 0, "\(snapshot.errors)")
    #expect(snapshot.output.contains("Waterfall · stdin · 3 items"))
    let check = try BinaryRun(["check", "-"], input: catalogue)
    #expect(check.status == 0)
    #expect(check.output == "3 items, 0 problems\n")
    let bad = try BinaryRun(["check", "-"], input: Data("not a dataset\n".utf8))
    #expect(bad.status == 2)
    #expect(bad.errors.hasPrefix("waterfall: stdin: not a dataset"))

    let pictures = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let relative = try BinaryRun(
      shell: """
        cd \(TmuxPane.quote(pictures)) && printf '%s\\n' '{"w":1,"h":1,"price":"¥1","img":"pictures/0011.jpg"}' \
          | "$WATERFALL" snapshot - --size 40x16 --keys "l Enter"
        """)
    #expect(relative.status == 0, "\(relative.errors)")
    // The detail draws the picture large: found, not the failure mark.
    #expect(relative.output.contains("image  pictures/0011.jpg"), "\(relative.output)")
    #expect(relative.output.contains("▄") && !relative.output.contains("✕"), "\(relative.output)")
  }

  @Test("a dataset named by a pipe (<(a command), a FIFO) is read as it arrives, its bytes read once, never whole")
  func namedPipes() throws {
    let (folder, file, _) = try Self.pipeCatalogue(count: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let substituted = try BinaryRun(
      shell: "\"$WATERFALL\" snapshot <(cat \(TmuxPane.quote(file))) --no-images --size 80x20")
    #expect(substituted.status == 0, "\(substituted.errors)")
    #expect(substituted.output.contains("· 3 items"), "\(substituted.output)")
    let fifo = folder.appendingPathComponent("items.fifo").path
    let named = try BinaryRun(
      shell: """
        mkfifo \(TmuxPane.quote(fifo)) && { printf '%s\\n' '{"w":1,"h":1,"price":"¥1","title":"bad","h2":1}' \
          '{"w":1,"h":"tall","price":"¥2"}' > \(TmuxPane.quote(fifo)) & } && "$WATERFALL" snapshot \
          \(TmuxPane.quote(fifo)) --no-images --size 60x12
        """)
    #expect(named.status == 0, "\(named.errors)")
    #expect(named.output.contains(" 1 item │ 1 skipped │ waterfall check names them"), "\(named.output)")
  }
}
