import Foundation
import Testing
import WaterfallViewer

@testable import waterfall

@Suite("Secrets on the command line")
final class SecretsCommandLineTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-secrets-\(UUID().uuidString)")

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(at: folder) }

  @Test("the config file cannot turn recording on", arguments: ["record = \"s.cast\"\n", "record-input = true\n"])
  func configCannotRecord(text: String) throws {
    let path = folder.appendingPathComponent("config.toml").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      _ = try ConfigFile.load(path: path, required: true)
    } throws: { error in
      "\(error)".hasPrefix(path + ":1: ") && "\(error)".contains("--record is given on the command line")
    }
  }

  @Test("a recording's header names the feed with its credentials and secret query values hidden")
  func headerRedacts() throws {
    let address = "http://shopper:PASSWORD@127.0.0.1:1/page/{page}?token=TOKEN&per=6"
    let commandLine = ["--record", "s.cast", "--data=\(address)", "--no-images"]
    let view = try #require(try Waterfall.parseAsRoot(commandLine) as? ViewCommand)
    let header = Asciicast(width: 80, height: 24, arguments: view.recordedArguments(from: commandLine)).headerLine
    #expect(!header.contains("PASSWORD") && !header.contains("TOKEN"), "\(header)")
    #expect(header.contains("--data=http://***@127.0.0.1:1/page/{page}?token=***&per=6"), "\(header)")
  }

  @Test("an error line hides what an address holds")
  func errorLineRedacts() {
    let line = errorLine("no answer: http://u:p@127.0.0.1:1/feed?token=TOKEN")
    #expect(line == "waterfall: no answer: http://***@127.0.0.1:1/feed?token=***\n")
  }
}
