import ArgumentParser
import Foundation
import ShopCatalog
import Testing

@testable import waterfall

@Suite("The command line")
struct CommandLineTests {
  /// The message and exit status `waterfall` would print and exit with for `arguments`, or nil when they parse.
  static func usageError(_ arguments: [String]) -> (message: String, exitCode: Int32)? {
    do {
      _ = try Waterfall.parseAsRoot(arguments)
      return nil
    } catch {
      return (Waterfall.message(for: error), Waterfall.exitCode(for: error).rawValue)
    }
  }

  @Test(
    "negative values reach validation, which names the real problem; exit 64",
    arguments: [
      (["snapshot", "--latency", "-1"], "--latency must be between 0 and"),
      (["snapshot", "--seed", "-1"], "--seed must be 0 or more"),
      (["snapshot", "--page-size", "-1"], "--page-size must be at least 1"),
      (["snapshot", "--fail-rate", "-0.5"], "--fail-rate must be between 0 and 1"),
      (["snapshot", "--columns", "-1"], "--columns must be between 1 and 1000"),
      (["view", "--latency", "-1"], "--latency must be between 0 and"),
      (["--page-size", "-3"], "--page-size must be at least 1"),
    ])
  func negativeValues(arguments: [String], expected: String) throws {
    let error = try #require(Self.usageError(arguments))
    #expect(error.message.contains(expected), "\(error.message)")
    #expect(error.exitCode == 64)
  }

  @Test(
    "absurd values and bad scripts or sizes are usage errors: a clear message and exit 64",
    arguments: [
      (["snapshot", "--columns", "9223372036854775807"], "--columns must be between 1 and 1000"),
      (["snapshot", "--size", "100000x100000"], "--size 100000x100000: the size must be at most 2000x1000"),
      (["snapshot", "--size", "wide"], "--size wide: expected WIDTHxHEIGHT"),
      (["snapshot", "--keys", "j frob:1"], "--keys: bad key token \"frob:1\""),
      (["snapshot", "--keys", "resize:100000x100000"], "the size must be at most 2000x1000"),
      (["snapshot", "--keys", "wait:9223372036854775807 wait:1"], "wait takes at most 86400000 milliseconds"),
      (["snapshot", "a.json", "--data", "b.json"], "either as PATH or with --data"),
    ])
  func usageErrors(arguments: [String], expected: String) throws {
    let error = try #require(Self.usageError(arguments))
    #expect(error.message.contains(expected), "\(error.message)")
    #expect(error.exitCode == 64)
  }

  @Test("a key script may start with -", arguments: ["- -", "-", "- + ="])
  func scriptsStartingWithMinus(keys: String) throws {
    let command = try #require(try Waterfall.parseAsRoot(["snapshot", "--keys", keys]) as? SnapshotCommand)
    #expect(command.keys == keys)
  }

  @Test("a positional PATH works like --data, for the viewer and for snapshot")
  func positionalPath() throws {
    let snapshot = try #require(try Waterfall.parseAsRoot(["snapshot", "shop.json"]) as? SnapshotCommand)
    #expect(snapshot.dataOptions.datasetPath == "shop.json")
    let view = try #require(try Waterfall.parseAsRoot(["view", "shop.json"]) as? ViewCommand)
    #expect(view.dataOptions.datasetPath == "shop.json")
    let bare = try #require(try Waterfall.parseAsRoot(["shop.json"]) as? ViewCommand, "like `less FILE`")
    #expect(bare.dataOptions.datasetPath == "shop.json")
    let flagged = try #require(try Waterfall.parseAsRoot(["snapshot", "--data", "shop.json"]) as? SnapshotCommand)
    #expect(flagged.dataOptions.datasetPath == "shop.json")
  }

  @Test("--version prints the version and exits 0")
  func version() {
    do {
      _ = try Waterfall.parseAsRoot(["--version"])
      Issue.record("--version parsed as a command")
    } catch {
      #expect(Waterfall.message(for: error) == "1.0.0")
      #expect(Waterfall.exitCode(for: error) == .success)
    }
  }
}

@Suite("A dataset with no usable item")
struct NoUsableItemTests {
  @Test("every item unusable: the problems, the file named, and exit status 1, not an empty viewer")
  func refused() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-bad-\(UUID().uuidString).csv")
    try Data("w,h,price\n10,x,1\n,5,2\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let options = try #require(try Waterfall.parseAsRoot(["snapshot", file.path]) as? SnapshotCommand).dataOptions
    let refusal = #expect(throws: SourceFailure.self) { _ = try options.open(whole: false) }
    #expect(refusal?.exitStatus == 1)
    #expect(refusal?.lines.first?.hasPrefix("\(file.path): item 1: h: ") == true)
    #expect(
      refusal?.lines.last == "\(file.path): no usable items: every item has a problem", "named as the problems are")
    let partly = file.deletingLastPathComponent().appendingPathComponent("waterfall-partly-\(UUID().uuidString).csv")
    try Data("w,h,price\n10,x,1\n10,20,2\n".utf8).write(to: partly)
    defer { try? FileManager.default.removeItem(at: partly) }
    let fine = try #require(try Waterfall.parseAsRoot(["snapshot", partly.path]) as? SnapshotCommand).dataOptions
    let opened = try #require(try fine.open(whole: false) as? OpenedCatalogue)
    opened.catalogue.waitUntilComplete()
    #expect(opened.catalogue.progress.itemsRead == 1, "some usable items still open")
  }
}
