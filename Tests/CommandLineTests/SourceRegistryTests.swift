import Foundation
import Pictures
import ShopCatalog
import Testing

@testable import waterfall

/// The one registry of sources: each dataset the command line can name goes to one source, the first in
/// ``SourceRegistry/kinds(pageSize:loops:table:network:)`` that opens it, for the viewer and `check` alike.
@Suite("One registry of sources")
struct SourceRegistryTests {
  /// The source `waterfall check ARGUMENTS` uses, and the one the viewer uses for the same arguments.
  static func sources(_ arguments: [String]) throws -> (check: String, viewer: String) {
    let check = try #require(try Waterfall.parseAsRoot(["check"] + arguments) as? CheckCommand)
    let checkKinds = SourceRegistry.kinds(table: check.table, network: NetworkConfiguration())
    let checked = try SourceRegistry.kind(for: DatasetAddress(commandLine: check.path), among: checkKinds)
    let viewer = try DataOptions.parse(arguments)
    let viewerKinds = SourceRegistry.kinds(table: viewer.table, network: NetworkConfiguration())
    let viewed = try SourceRegistry.kind(for: viewer.address(whenPiped: false), among: viewerKinds)
    return ("\(type(of: checked))", "\(type(of: viewed))")
  }

  @Test("a database, --table, stdin, a FIFO (even one named .sqlite), a feed and a file: one source each, shared")
  func oneSourceEach() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-registry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("items.jsonl").path
    let fifoNamedAsDatabase = folder.appendingPathComponent("shop.sqlite").path
    #expect(mkfifo(fifo, 0o600) == 0 && mkfifo(fifoNamedAsDatabase, 0o600) == 0)
    let file = folder.appendingPathComponent("items.json").path
    try Data("[]".utf8).write(to: URL(fileURLWithPath: file))
    // --table means SQLite whatever the name, for a file that is one; on a JSON file it is refused (a usage error).
    let unnamedDatabase = folder.appendingPathComponent("items.data").path
    try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: unnamedDatabase))
    #expect(throws: (any Error).self) { try Self.sources([file, "--table", "items"]) }
    let expected: [([String], String)] = [
      (["shop.sqlite"], "SQLiteSource"),
      ([unnamedDatabase, "--table", "items"], "SQLiteSource"),
      (["-"], "StreamSource"),
      (["-", "--table", "items"], "StreamSource"),
      ([fifo], "StreamSource"),
      ([fifoNamedAsDatabase], "StreamSource"),
      (["https://shop.example/feed?page={page}"], "HTTPFeedSource"),
      ([file], "DatasetFileSource"),
    ]
    for (arguments, source) in expected {
      let found = try Self.sources(arguments)
      #expect(found.check == source, "\(arguments)")
      #expect(found.viewer == source, "\(arguments)")
    }
    let bundled = try DataOptions.parse([]).address(whenPiped: false)
    #expect(bundled == .unnamed)
    #expect(
      "\(type(of: try SourceRegistry.kind(for: bundled, among: SourceRegistry.kinds(table: nil, network: NetworkConfiguration()))))"
        == "BundledCatalogueSource")
  }
}
