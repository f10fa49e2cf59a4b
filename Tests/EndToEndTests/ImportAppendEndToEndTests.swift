import Foundation
import TestSupport
import Testing

extension ViewerEndToEndTests {
  @Test("import --append adds a second file's items to a SQLite catalogue; the viewer shows both, the last at the end")
  func importAppend() throws {
    let folder = TemporaryDirectory("append")
    let first = folder.write("first.jsonl", #"{"w": 200, "h": 150, "price": "¥5", "title": "first file"}"#)
    let second = folder.write(
      "second.jsonl", #"{"w": 200, "h": 150, "price": "¥1", "title": "second file"}"#)
    let database = folder.path + "/shop.sqlite"
    #expect(try BinaryRun(["import", first, database]).status == 0)
    let appended = try BinaryRun(["import", "--append", second, database])
    #expect(appended.status == 0, "\(appended.errors)")
    #expect(appended.output.contains("\(database): 1 item added (2 items in the catalogue), 0 items skipped"))
    let checked = try BinaryRun(["check", database])
    #expect(checked.output.contains("2 items"), "\(checked.output)")
    let pane = try TmuxPane(arguments: [database, "--sort", "price"], width: 80, height: 24)
    let screen = try pane.waitForScreen { $0.contains("first file") && $0.contains("second file") }
    #expect(screen.contains("2 items"), "\(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
