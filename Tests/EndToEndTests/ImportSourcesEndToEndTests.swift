import Foundation
import Testing

/// `waterfall import` reads files: standard input and a web address are said to be neither, not "no such file".
@Suite("Import's sources")
struct ImportSourcesEndToEndTests {
  @Test("import - and import URL say import reads files, naming what was given; nothing is written")
  func notFiles() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("wf-\(UUID().uuidString).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let piped = try BinaryRun(["import", "-", output], input: Data("[]".utf8))
    #expect(piped.status == 64)
    #expect(piped.errors.contains("import reads files, not standard input"), "\(piped.errors)")
    let web = try BinaryRun(["import", "https://user:secret@shop.example/feed.json", output])
    #expect(web.status == 64)
    #expect(web.errors.contains("import reads files, not web addresses"), "\(web.errors)")
    #expect(!web.errors.contains("secret") && !web.errors.contains("no such file"), "\(web.errors)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
