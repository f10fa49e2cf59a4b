import ArgumentParser
import Foundation
import Testing

@testable import waterfall

@Suite("waterfall import and SQLite paths on the command line")
struct ImportCommandTests {
  @Test("import needs at least one source and the output: a usage error otherwise, exit 64")
  func needsSourceAndOutput() throws {
    for arguments in [["import"], ["import", "only.sqlite"]] {
      let error = try #require(CommandLineTests.usageError(arguments))
      #expect(error.message.contains("give one or more SOURCE datasets, then OUTPUT.sqlite"), "\(error.message)")
      #expect(error.exitCode == 64)
    }
    let command = try #require(
      try Waterfall.parseAsRoot(["import", "a.json", "b", "out.sqlite", "--replace"]) as? ImportCommand)
    #expect(command.paths == ["a.json", "b", "out.sqlite"] && command.replace)
  }

  @Test("a .sqlite, .db or --table path, or a file with SQLite's header, is opened as a database")
  func sqlitePaths() throws {
    func options(_ arguments: [String]) throws -> DataOptions { try DataOptions.parse(arguments) }
    #expect(try options(["shop.sqlite"]).isSQLite && options(["shop.DB"]).isSQLite)
    #expect(try options(["shop.json", "--table", "items"]).isSQLite)
    #expect(try !options(["shop.json"]).isSQLite && !options([]).isSQLite)
    let file = NSTemporaryDirectory() + "waterfall-header-\(UUID().uuidString).bin"
    defer { try? FileManager.default.removeItem(atPath: file) }
    _ = FileManager.default.createFile(atPath: file, contents: Data("SQLite format 3\0rest".utf8))
    #expect(try options([file]).isSQLite)
  }
}

@Suite("import --append and --schema on the command line")
struct ImportAppendCommandTests {
  @Test("--replace with --append is a usage error; --schema applies to PostgreSQL addresses only")
  func refusedCombinations() throws {
    let both = try #require(CommandLineTests.usageError(["import", "a.json", "out.sqlite", "--replace", "--append"]))
    #expect(both.message.contains("--replace and --append: give one") && both.exitCode == 64)
    let schema = try #require(CommandLineTests.usageError(["import", "a.json", "out.sqlite", "--schema", "shop"]))
    #expect(schema.message.contains("--schema shop applies only to PostgreSQL addresses: out.sqlite is not one"))
    let viewer = try #require(CommandLineTests.usageError(["shop.json", "--schema", "shop"]))
    #expect(viewer.message.contains("--schema shop applies only to PostgreSQL addresses"), "\(viewer.message)")
    let empty = try #require(CommandLineTests.usageError(["import", "a.json", "postgresql://h/db", "--schema", ""]))
    #expect(empty.message.contains("--schema needs a schema's name") && empty.exitCode == 64, "\(empty.message)")
    let command = try #require(
      try Waterfall.parseAsRoot(["import", "a.json", "postgresql://h/db", "--append", "--schema", "shop"])
        as? ImportCommand)
    #expect(command.append && command.schema == "shop")
  }
}
