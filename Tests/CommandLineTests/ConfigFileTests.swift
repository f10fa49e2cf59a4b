import ArgumentParser
import Foundation
import Testing
import WaterfallViewer

@testable import waterfall

@Suite("The config file")
final class ConfigFileTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-config-\(UUID().uuidString)")

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(at: folder) }

  func write(_ text: String, name: String = "config.toml") throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  @Test("a recording writes the config's settings out and does not name the file, so it replays without it")
  func recordedArgumentsWithoutTheFile() throws {
    let path = try write("columns = 3\n\n[keys]\nx = \"quit\"\n")
    let commandLine = ["--config", path, "--no-mouse", "--record", "x.cast"]
    let view = try #require(try Waterfall.parseAsRoot(commandLine) as? ViewCommand)
    #expect(view.recordedArguments(from: commandLine) == ["--columns", "3", "--no-mouse"])
    let named = ["--config=\(path)", "--latency", "0"]
    #expect(
      try #require(try Waterfall.parseAsRoot(named) as? ViewCommand).recordedArguments(from: named) == [
        "--columns", "3", "--latency", "0",
      ])
    #expect(view.recordedArguments(from: ["--no-config", "--record", "x.cast"]).isEmpty)
  }

  @Test("a saved view: its filter, sort and facets after the file's settings, the command line's own winning")
  func savedView() throws {
    let path = try write(
      """
      columns = 3
      filter = "silk"

      [views.cheap-coats]
      filter = "coat price<200"
      sort = "price"
      facets = "shop,price"

      [views.by-shop]
      group-by = "shop"
      """)
    let words = try ConfigChoice.scan(["--config", path, "--view", "cheap-coats"]).words(environment: [:])
    #expect(
      words == [
        "--columns", "3", "--filter", "silk", "--filter", "coat price<200", "--sort", "price", "--facets", "shop,price",
      ])
    let commandLine = ["--config", path, "--view=cheap-coats", "--filter", "hat", "--record", "x.cast"]
    let view = try #require(try Waterfall.parseAsRoot(try Waterfall.withConfigFile(commandLine)) as? ViewCommand)
    #expect(view.organise.filter == "hat" && view.organise.sort == "price", "the command line wins over the view")
    #expect(
      view.recordedArguments(from: commandLine) == [
        "--columns", "3", "--filter", "silk", "--filter", "coat price<200", "--sort", "price", "--facets", "shop,price",
        "--filter", "hat",
      ], "a recording replays without the file or its view")
    #expect(throws: ConfigError.self) {
      try ConfigChoice.scan(["--config", path, "--view", "nope"]).words(environment: [:])
    }
    do {
      _ = try ConfigChoice.scan(["--config", path, "--view", "nope"]).words(environment: [:])
    } catch {
      #expect(error.description == "\(path): no view \"nope\" (views: by-shop, cheap-coats)")
    }
    do {
      _ = try ConfigChoice.scan(["--no-config", "--view", "x"]).words(environment: [:])
    } catch {
      #expect(error.description == "--view x: no config file is read, so no view can be opened")
    }
    for (text, reason) in [
      ("[views.x]\ncolumns = 3\n", "2: [views.x] columns: a view sets only filter, sort, facets, group-by"),
      ("[views.x]\nsort = \"colour\"\n", "2: "),
      ("views = 3\n", "1: views must be tables"),
    ] {
      let bad = try write(text, name: "bad.toml")
      do {
        _ = try ConfigFile.load(path: bad, required: true)
        Issue.record("\(text) was taken")
      } catch {
        #expect(error.description.hasPrefix("\(bad):\(reason)"), "\(error.description)")
      }
    }
  }

  @Test("options by their long names and a [keys] table become the command line's words and key bindings")
  func settingsAndKeys() throws {
    let path = try write(
      """
      # comments are fine
      columns = 3
      no-images = true
      no-color = false
      symbols = "sextant"
      page-size = 100

      [keys]
      x = "quit"
      "C-n" = "step-down"
      """)
    let config = try #require(try ConfigFile.load(path: path, required: true))
    #expect(
      config.settings.map(\.words) == [
        ["--columns", "3"], ["--no-images"], [], ["--symbols", "sextant"], ["--page-size", "100"],
      ])
    #expect(config.settings.map(\.line) == [2, 3, 4, 5, 6])
    #expect(config.keys == [.character("x"): .quit, .control("n"): .stepDown])
  }

  @Test(
    "a bad file gets file:line: reason",
    arguments: [
      ("colums = 3\n", "1: unknown option \"colums\""),
      ("\n\ncolumns = \"many\"\n", "3: columns: expected a whole number, found \"many\""),
      ("columns = true\n", "1: columns: expected a whole number, found true"),
      ("no-images = 3\n", "1: no-images is a switch: true or false, not 3"),
      ("[keys]\nC-d = \"quit\"\nc-d = \"top\"\n", "3: \"c-d\" is bound twice (also on line 2)"),
      ("[keys]\nx = \"fly\"\n", "2: [keys] x: unknown action \"fly\""),
      ("[keys]\n\"wait:5\" = \"quit\"\n", "[keys] bad key token"),
      ("columns = = 3\n", "1: not TOML"),
      ("[colours]\nred = 1\n", "unknown table [colours]"),
      ("data = \"x.json\"\n", "1: \"data\" is not a setting for a config file"),
      ("pick = true\n", "1: \"pick\" is not a setting for a config file (--pick is given on the command line)"),
    ])
  func badFiles(text: String, expected: String) throws {
    let path = try write(text)
    do {
      _ = try ConfigFile.load(path: path, required: true)
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.description.hasPrefix(path + ":"), "\(error)")
      #expect(error.description.contains(expected), "\(error)")
    }
  }

  @Test("the file's words go first, so the command line wins; other commands are left alone")
  func commandLineWins() throws {
    let path = try write("columns = 2\nno-images = true\n")
    let view = try Waterfall.withConfigFile(["--config", path, "--columns", "4"])
    #expect(view == ["--columns", "2", "--no-images", "--config", path, "--columns", "4"])
    let command = try #require(try Waterfall.parseAsRoot(view) as? ViewCommand)
    #expect(command.display.columns == 4)
    let snapshot = try Waterfall.withConfigFile(["snapshot", "--config", path])
    #expect(snapshot.prefix(4) == ["snapshot", "--columns", "2", "--no-images"])
    #expect(
      try Waterfall.withConfigFile(["check", "--config", path, "x.json"]) == ["check", "--config", path, "x.json"])
    #expect(try Waterfall.withConfigFile(["--no-config", "--columns", "4"]) == ["--no-config", "--columns", "4"])
  }

  @Test("--config with --no-config is refused naming the file, not settled silently one way")
  func configAndNoConfig() throws {
    let path = try write("columns = 2\n")
    #expect {
      try Waterfall.withConfigFile(["--no-config", "--config", path])
    } throws: { error in
      "\(error)" == "\(path): --config names this file and --no-config says to read none: give one"
    }
  }

  @Test("a missing default file is no file; a missing --config file is an error")
  func missingFiles() throws {
    #expect(try ConfigFile.load(path: folder.appendingPathComponent("none.toml").path, required: false) == nil)
    #expect(throws: ConfigError.self) {
      try ConfigFile.load(path: self.folder.appendingPathComponent("none.toml").path, required: true)
    }
  }

  @Test("an endless config (/dev/zero) is an error naming the file, read only as far as the limit")
  func endlessFile() throws {
    #expect {
      try ConfigFile.load(path: "/dev/zero", required: true)
    } throws: { error in
      (error as? ConfigError).map { "\($0)".hasPrefix("/dev/zero: over 1 MB") } ?? false
    }
  }

  @Test("the default place follows XDG_CONFIG_HOME, else HOME")
  func defaultPlace() {
    #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/waterfall/config.toml")
    #expect(ConfigFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/waterfall/config.toml")
    #expect(ConfigFile.defaultPath(environment: [:]) == nil)
  }
}
