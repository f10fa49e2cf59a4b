import ArgumentParser
import Testing

@testable import waterfall

/// The root is the viewer; a command line naming a subcommand goes to it whole.
@Suite("The root command is the viewer, beside the subcommands")
struct RootCommandTests {
  /// What `waterfall ARGUMENTS` prints when they ask for help.
  static func help(_ arguments: [String]) throws -> String {
    var command = try Waterfall.parseAsRoot(arguments)
    do {
      try command.run()
      return ""
    } catch {
      return Waterfall.fullMessage(for: error)
    }
  }

  @Test("the viewer's options with no subcommand, after view, and a subcommand's own after its name")
  func optionsReachTheirCommand() throws {
    let viewer = try #require(try Waterfall.parseAsRoot(["--columns", "3", "shop.json"]) as? ViewCommand)
    #expect(viewer.display.columns == 3)
    #expect(viewer.dataOptions.datasetPath == "shop.json")
    let view = try #require(try Waterfall.parseAsRoot(["view", "--sort", "title"]) as? ViewCommand)
    #expect(view.organise.sort == "title")
    let snapshot = try #require(try Waterfall.parseAsRoot(["snapshot", "--columns", "3"]) as? SnapshotCommand)
    #expect(snapshot.display.columns == 3, "the root took the subcommand's option")
  }

  @Test("help, --help and help alone are the viewer's help; help NAME is that command's, an unknown NAME an error")
  func helpWords() throws {
    for arguments in [["--help"], ["-h"], ["help"], ["--columns", "2", "--help"]] {
      let text = try Self.help(arguments)
      #expect(text.contains("USAGE: waterfall [options] [PATH]"), "\(arguments): \(text)")
      #expect(text.contains("--sort <sort>"), "\(arguments)")
    }
    #expect(try Self.help(["help", "snapshot"]).contains("USAGE: waterfall snapshot"))
    // Status 64 and the commands there are, not the viewer's help with status 0 as if the name had been found.
    do {
      _ = try Waterfall.parseAsRoot(["help", "nothing"])
      Issue.record("help nothing parsed")
    } catch {
      #expect(Waterfall.exitCode(for: error) == .validationFailure)
      #expect(Waterfall.fullMessage(for: error).contains(#"no command called "nothing"; the commands are view"#))
    }
  }
}
