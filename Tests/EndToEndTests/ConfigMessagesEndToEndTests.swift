import Foundation
import Testing

/// What the config's mistakes say: the system's reason a `--config` file cannot be read, and a subcommand written
/// after the options. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("waterfall config --help prints the command's own help, exit 0")
  func configHelp() throws {
    let run = try BinaryRun(["config", "--help"])
    #expect(run.status == 0 && run.output.contains("Print the settings in effect"), "\(run.output)\(run.errors)")
    #expect(run.output.contains("[views.cheap-coats]"), "\(run.output)")
  }

  @Test("--config with a file not there says the system's reason; a folder says it is one")
  func configUnreadableReason() throws {
    let missing = "/nonexistent-\(UUID().uuidString).toml"
    let run = try BinaryRun(["snapshot", "--config", missing])
    #expect(run.status != 0)
    #expect(run.errors.contains("\(missing): cannot be read: No such file or directory"), "\(run.errors)")
    let folder = try BinaryRun(["snapshot", "--config", "/tmp"])
    #expect(folder.errors.contains("/tmp: cannot be read: Is a directory"), "\(folder.errors)")
  }

  @Test("waterfall --config FILE config: config is said to be a subcommand to put first, not a missing dataset")
  func subcommandAfterOptions() throws {
    let (home, file) = try Self.configHome("columns = 2\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try BinaryRun(["--config", file, "config"])
    #expect(run.status != 0)
    #expect(run.errors.contains("config is a subcommand: put it first"), "\(run.errors)")
  }
}
