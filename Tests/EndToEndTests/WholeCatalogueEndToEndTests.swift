import Foundation
import Testing

/// The release binary answers sort, filter and search for the whole catalogue, opens a large file at once, and
/// treats a directory as a feed whose broken pages fail alone.
@Suite("Whole-catalogue answers, end to end")
final class WholeCatalogueEndToEndTests {
  let folder: URL

  init() throws {
    try TmuxPane.requireUsableBinary()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-whole-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// `count` items priced ¥100 up; the last one is the cheapest, ¥9, and titled so.
  func catalogue(_ count: Int, name: String = "items.json") throws -> String {
    let records = (0..<count).map { index in
      let (price, title) = index == count - 1 ? ("¥9", "the cheapest") : ("¥\(100 + index)", "item \(index)")
      return "{\"w\": 200, \"h\": \(150 + index % 300), \"price\": \"\(price)\", \"title\": \"\(title)\"}"
    }
    return try write(name, "[\n" + records.joined(separator: ",\n") + "\n]")
  }

  @Test("--sort price shows the file's cheapest item first, though it is on the last page")
  func sortByPrice() throws {
    let file = try catalogue(300)
    let run = try BinaryRun(["snapshot", "--size", "120x40", "--no-images", "--sort", "price", file])
    #expect(run.status == 0)
    #expect(run.output.contains("the cheapest") && run.output.contains("¥9 "), "\(run.output)")
    let unsorted = try BinaryRun(["snapshot", "--size", "120x40", "--no-images", file])
    #expect(!unsorted.output.contains("the cheapest"), "in the file's order it is far down")
  }

  @Test("a filter whose only match is on the last page shows it; / loads through to an unloaded match")
  func filterAndSearch() throws {
    let file = try catalogue(300)
    let filtered = try BinaryRun(["snapshot", "--size", "120x40", "--no-images", "--filter", "cheapest", file])
    #expect(filtered.output.contains("the cheapest") && filtered.output.contains("1/300 shown"))
    let searched = try BinaryRun([
      "snapshot", "--size", "120x40", "--no-images", "--keys", "/ c h e a p e s t Enter", file,
    ])
    #expect(searched.output.contains("the cheapest") && searched.output.contains("match 1/1"), "\(searched.output)")
  }

  @Test("a malformed record after the first page: the items before it open, the status bar says line and why")
  func malformedAfterFirstPage() throws {
    let records = (0..<80).map { "{\"w\": 200, \"h\": 300, \"price\": \"¥\($0)\", \"title\": \"item \($0)\"}" }
    let file = try write("broken.json", "[\n" + records.joined(separator: ",\n") + ",\n{\"w\": 1,, \"h\": 1}\n]")
    let run = try BinaryRun(["snapshot", "--size", "200x30", "--no-images", "--keys", "G G", file])
    #expect(run.status == 0)
    #expect(run.output.contains("80 items"))
    #expect(run.output.contains("broken.json: not valid JSON: line 82, column 9"), "\(run.output)")
    let early = try write("early.json", "[{\"w\": 1,, \"h\": 1}]")
    let refused = try BinaryRun(["snapshot", early])
    #expect(refused.status == 2 && refused.errors.contains("early.json: not valid JSON: line 1, column 10"))
  }

  @Test("a directory with broken pages: the good pages open, the bad ones are skipped, named; check lists all")
  func brokenDirectoryPage() throws {
    try write("1.json", "[{\"w\": 200, \"h\": 300, \"price\": \"¥1\", \"title\": \"first page\"}]")
    try write("2.json", "[{\"w\": 200, \"h\": 300, \"price\": \"¥2\"},\n{\"w\" 1}]")
    try write("3.json", "")
    try write(
      "4.json",
      "[{\"w\": 0, \"h\": 300, \"price\": \"¥4\"}, {\"w\": 9, \"h\": 9, \"price\": \"¥4\", \"title\": \"last page\"}]")
    // The first page does not fill the screen: the pages after it load without a key, and the status says what
    // was skipped on the way.
    let skipped = try BinaryRun(["snapshot", "--size", "200x30", "--no-images", folder.path])
    #expect(skipped.status == 0 && skipped.output.contains("first page") && skipped.output.contains("last page"))
    #expect(
      skipped.output.contains("skipped \(folder.path)/2.json: not valid JSON: line 2, column 6"), "\(skipped.output)")
    #expect(!skipped.output.contains("failed"), "\(skipped.output)")
    let end = try BinaryRun(["snapshot", "--size", "200x30", "--no-images", "--keys", "G G", folder.path])
    #expect(end.output.contains("end of the catalogue · 2 items"), "\(end.output)")
    let check = try BinaryRun(["check", folder.path])
    #expect(check.status == 1)
    #expect(check.output.contains("2.json: not valid JSON") && check.output.contains("3.json: empty file"))
    #expect(
      check.output.contains("4.json: item 1: w:") && check.output.hasSuffix("2 items, 3 problems (1 item skipped)\n"))
  }
}

/// In the one serialized tmux suite.
extension ViewerEndToEndTests {
  @Test("a large catalogue opens at once and reads on in the background; a sort then finds its cheapest item")
  func largeCatalogueInTheTerminal() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wf-large-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let count = 200_000
    let records = (0..<count).map { index in
      let price = index == count - 1 ? "¥9" : "¥\(100 + index)"
      return "{\"w\": 200, \"h\": \(150 + index % 300), \"price\": \"\(price)\", \"title\": \"item \(index)\"}"
    }
    try Data(("[\n" + records.joined(separator: ",\n") + "\n]").utf8).write(to: file)
    let pane = try TmuxPane(arguments: ["--no-images", file.path], width: 120, height: 30)
    try pane.waitForScreen(seconds: 30) { $0.contains("┌") && $0.contains("row 1/") && !$0.contains("reading") }
    try pane.send(keys: ["o"])
    let sorted = try pane.waitForScreen(seconds: 30) { $0.contains("sorted by price") }
    #expect(sorted.contains("¥9 "), "\(sorted)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
