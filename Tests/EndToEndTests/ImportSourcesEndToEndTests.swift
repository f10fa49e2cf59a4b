import Foundation
import Testing

/// `waterfall import` reads files, or standard input for `-` into a SQLite file; a web address is said not to be
/// one, not "no such file".
@Suite("Import's sources")
struct ImportSourcesEndToEndTests {
  static func temporaryOutput() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("wf-\(UUID().uuidString).sqlite").path
  }

  @Test("cat items.json | waterfall import - shop.sqlite imports what was piped; the catalogue opens")
  func standardInput() throws {
    let output = Self.temporaryOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let items = #"[{"w": 3, "h": 4, "price": "¥1", "title": "piped skirt"}, {"w": 3, "h": 4, "price": "¥2"}]"#
    let piped = try BinaryRun(["import", "-", output], input: Data(items.utf8))
    #expect(piped.status == 0, "\(piped.errors)")
    #expect(piped.output.contains("2 items imported"), "\(piped.output)")
    let opened = try BinaryRun(["snapshot", "--no-config", "--size", "80x20", output])
    #expect(opened.status == 0 && opened.output.contains("2 items"), "\(opened.errors)\(opened.output)")
  }

  @Test("import URL says import reads files, naming the address redacted; nothing is written")
  func webAddress() throws {
    let output = Self.temporaryOutput()
    defer { try? FileManager.default.removeItem(atPath: output) }
    let web = try BinaryRun(["import", "https://user:secret@shop.example/feed.json", output])
    #expect(web.status == 64)
    #expect(web.errors.contains("import reads files, not web addresses"), "\(web.errors)")
    #expect(!web.errors.contains("secret") && !web.errors.contains("no such file"), "\(web.errors)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("- twice, or - into PostgreSQL, is a usage error saying so")
  func standardInputLimits() throws {
    let twice = try BinaryRun(["import", "-", "-", Self.temporaryOutput()], input: Data("[]".utf8))
    #expect(twice.status == 64 && twice.errors.contains("can be read once"), "\(twice.errors)")
    let postgres = try BinaryRun(["import", "-", "postgresql://shop@127.0.0.1:1/shop"], input: Data("[]".utf8))
    #expect(postgres.status == 64 && postgres.errors.contains("into PostgreSQL"), "\(postgres.errors)")
  }
}
