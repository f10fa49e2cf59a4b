import Foundation
import Testing

/// Dataset text printed outside the viewer (check, error lines, usage errors) reaches the terminal with every
/// control character shown escaped, never raw: a value that sets the title or the clipboard only shows as text.
@Suite("Hostile text outside the viewer")
final class HostileTextOutputTests {
  static let setTitle = "\u{1B}]0;pwned\u{07}"
  static let clearScreen = "\u{1B}[2J"
  static let clipboard = "\u{1B}]52;c;cHduZWQ=\u{07}"

  let folder: URL

  init() throws {
    try TmuxPane.requireUsableBinary()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func write(_ name: String, _ text: String) throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// A JSON string literal holding `text` (JSON escapes its control characters, the reader restores them).
  func json(_ text: String) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self)
      .dropFirst().dropLast().description
  }

  @Test("check quotes a hostile field value escaped, lists the problem and exits 1")
  func checkEscapesValues() throws {
    let file = try write(
      "items.json",
      #"[{"w": \#(try json(Self.setTitle)), "h": 10, "price": "¥1", "title": "a"},"#
        + #" {"w": 5, "h": 5, "price": "¥2", "title": "b"}]"#)
    let run = try BinaryRun(["check", file])
    #expect(run.status == 1)
    #expect(!run.printsControlCharacters, "\(run.output.debugDescription)")
    #expect(run.output.contains(#"w: not a number: "\u{1B}]0;pwned\u{7}""#), "\(run.output)")
    #expect(run.output.contains("1 item, 1 problem"))
  }

  @Test("a dataset with no usable item: its problems on stderr, escaped, exit 1")
  func noUsableItemEscapes() throws {
    let file = try write("items.json", #"[{"w": \#(try json(Self.clipboard)), "h": 10, "title": "a"}]"#)
    let run = try BinaryRun(["snapshot", file])
    #expect(run.status == 1)
    #expect(!run.printsControlCharacters, "\(run.errors.debugDescription)")
    #expect(run.errors.contains(#"\u{1B}]52;c;cHduZWQ=\u{7}"#), "\(run.errors)")
  }

  @Test("--group-by names the data's own fields escaped")
  func groupByFieldNamesEscaped() throws {
    let field = "colour\(Self.clearScreen)"
    let file = try write("items.json", #"[{"w": 5, "h": 5, "price": "¥2", "title": "b", \#(try json(field)): "red"}]"#)
    let run = try BinaryRun(["snapshot", file, "--group-by", "size\(Self.setTitle)"])
    #expect(run.status == 64)
    #expect(!run.printsControlCharacters, "\(run.errors.debugDescription)")
    #expect(run.errors.contains(#"colour\u{1B}[2J"#), "\(run.errors)")
  }

  @Test("an unreadable file's name is quoted escaped, exit 2")
  func fileNameEscaped() throws {
    let run = try BinaryRun(["check", folder.appendingPathComponent("missing\(Self.clearScreen).json").path])
    #expect(run.status == 2)
    #expect(!run.printsControlCharacters, "\(run.errors.debugDescription)")
    #expect(run.errors.contains(#"missing\u{1B}[2J.json: no such file"#), "\(run.errors)")
  }

  @Test("a photo named with an escape sequence: check names it escaped")
  func photoNameEscaped() throws {
    _ = try write("bad\(Self.clearScreen).jpg", "not a picture")
    let run = try BinaryRun(["check", folder.path])
    #expect(!run.printsControlCharacters, "\(run.output.debugDescription) \(run.errors.debugDescription)")
    #expect((run.output + run.errors).contains(#"bad\u{1B}[2J.jpg"#), "\(run.output) \(run.errors)")
  }

  @Test("a usage error quoting an option's value is escaped, exit 64")
  func usageErrorEscaped() throws {
    let run = try BinaryRun(["snapshot", "--sort", Self.clipboard])
    #expect(run.status == 64)
    #expect(!run.printsControlCharacters, "\(run.errors.debugDescription)")
    #expect(run.errors.contains(#"\u{1B}]52;c;cHduZWQ=\u{7}"#), "\(run.errors)")
  }
}
