import ArgumentParser
import Foundation
import ShopCatalog
import Testing
import WaterfallViewer

@testable import waterfall

@Suite("--pick, --print and --multi on the command line")
struct PickOptionsTests {
  @Test(
    "--print and --multi need --pick; --multi takes 1 or more; exit 64",
    arguments: [
      (["--print", "title"], "--print and --multi go with --pick"),
      (["--multi", "2"], "--print and --multi go with --pick"),
      (["--pick", "--multi", "0"], "--multi must be at least 1"),
      (["--pick", "--print", ""], "--print takes json or a field's name"),
    ])
  func usage(arguments: [String], expected: String) throws {
    let error = try #require(CommandLineTests.usageError(arguments))
    #expect(error.message.contains(expected), "\(error.message)")
    #expect(error.exitCode == 64)
  }

  @Test("the picking the viewer gets")
  func picking() throws {
    #expect(try ViewCommand.parse([]).pickOptions.picking == nil)
    #expect(try ViewCommand.parse(["--pick"]).pickOptions.picking == Picking(limit: nil))
    #expect(try ViewCommand.parse(["--pick", "--multi", "3"]).pickOptions.picking == Picking(limit: 3))
  }

  @Test("--print json (the default) writes each record as a JSON line; --print FIELD its value, blank without one")
  func printFormats() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-pick-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{\"w\":1,\"h\":2,\"price\":\"¥1\",\"image\":\"p/1.jpg\"}\n{\"w\":3,\"h\":4,\"price\":\"¥2\"}\n".utf8)
      .write(to: folder)
    let catalogue = try CatalogueReading.open(path: folder.path, pageSize: 10)
    catalogue.waitUntilComplete()
    let items = catalogue.itemsRead(limit: .max)
    let json = try ViewCommand.parse(["--pick"]).pickOptions
    #expect(
      json.lines(for: items, streamed: nil) == [
        #"{"w":1,"h":2,"price":"¥1","image":"p/1.jpg"}"#, #"{"w":3,"h":4,"price":"¥2"}"#,
      ])
    let pictures = try ViewCommand.parse(["--pick", "--print", "img"]).pickOptions
    #expect(pictures.lines(for: items, streamed: nil) == ["p/1.jpg", ""])
    let widths = try ViewCommand.parse(["--pick", "--print", "w"]).pickOptions
    #expect(widths.lines(for: items.reversed(), streamed: nil) == ["3", "1"])
  }

  @Test("- reads standard input; so does the viewer with nothing named when standard input is not a terminal")
  func standardInput() throws {
    #expect(try DataOptions.parse(["-"]).readsStandardInput(whenPiped: false))
    #expect(try DataOptions.parse(["--data", "-"]).readsStandardInput(whenPiped: false))
    #expect(!(try DataOptions.parse(["shop.json"]).readsStandardInput(whenPiped: true)))
    // The tests' standard input is not a terminal.
    let piped = isatty(STDIN_FILENO) == 0
    #expect(try DataOptions.parse([]).readsStandardInput(whenPiped: true) == piped)
    #expect(!(try DataOptions.parse([]).readsStandardInput(whenPiped: false)), "snapshot keeps the bundled catalogue")
  }
}
