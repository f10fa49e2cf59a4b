import Foundation
import Testing

/// An item with a picture and a page (`img` and `url`, as shops write them): `y` copies the page, `--print url`
/// prints it. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// A JSON Lines catalogue of two items: a shop's (`img` and `url`) and an older dataset's (`url` alone).
  static func pageCatalogue() throws -> (folder: URL, file: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-pages-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("shop.jsonl")
    try Data(
      """
      {"w":300,"h":400,"price":"¥1","title":"Coat","img":"p/1.jpg","url":"https://shop.test/coat"}
      {"w":300,"h":400,"price":"¥2","title":"Hat","url":"p/2.jpg"}

      """.utf8
    ).write(to: file)
    return (folder, file.path)
  }

  @Test("y copies the item's page (url beside img), and the picture's whole path when url is the only picture")
  func copyThePage() throws {
    let (folder, file) = try Self.pageCatalogue()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shop = try BinaryRun(["snapshot", file, "--no-images", "--size", "100x30", "--keys", ": 1 Enter y"])
    #expect(shop.status == 0, "\(shop.errors)")
    #expect(shop.output.contains("copied https://shop.test/coat"), "\(shop.output)")
    // The older dataset's picture path, whole, as x opens it (wide enough for the temporary folder's name).
    let older = try BinaryRun(["snapshot", file, "--no-images", "--size", "200x30", "--keys", ": 2 Enter y"])
    #expect(older.output.contains("copied \(folder.path)/p/2.jpg"), "\(older.output)")
  }

  @Test("--pick --print url prints the picked item's page")
  func printThePage() throws {
    let (folder, file) = try Self.pageCatalogue()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("picked.txt").path
    let pane = try TmuxPane(arguments: ["--pick", "--print", "url", "--no-images", file], outputFile: output)
    try pane.waitForScreen { $0.contains("0 marked") && $0.contains("Coat") }
    try pane.send(keys: ["Enter"])
    try expectRestored(pane, status: "0")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "https://shop.test/coat\n")
  }
}
