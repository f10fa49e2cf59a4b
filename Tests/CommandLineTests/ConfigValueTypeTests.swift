import Foundation
import Testing

@testable import waterfall

/// A config value of the wrong type is refused like other config errors: the file, the line, the key, what was
/// expected and what was found, never the command-line parser's words about `--columns <columns>`.
@Suite("A config value of the wrong type names the key, what was expected and what was found")
final class ConfigValueTypeTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-config-type-\(UUID().uuidString)")

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The message loading `text` as a config file gives (the whole of it, after the file's path); nil if loaded.
  func refusal(_ text: String) throws -> String? {
    let file = folder.appendingPathComponent("config-\(UUID().uuidString).toml")
    try Data(text.utf8).write(to: file)
    do {
      _ = try ConfigFile.load(path: file.path, required: true)
      return nil
    } catch {
      #expect(error.description.hasPrefix(file.path + ":"), "\(error)")
      return String(error.description.dropFirst(file.path.count + 1))
    }
  }

  @Test(
    "a whole number's or a number's key given text, a switch's value or a fraction",
    arguments: [
      ("columns = \"abc\"\n", "1: columns: expected a whole number, found \"abc\""),
      ("columns = true\n", "1: columns: expected a whole number, found true"),
      ("\ncolumns = 2.5\n", "2: columns: expected a whole number, found 2.5"),
      ("page-size = \"lots\"\n", "1: page-size: expected a whole number, found \"lots\""),
      ("latency = false\n", "1: latency: expected a whole number, found false"),
      ("fail-rate = \"half\"\n", "1: fail-rate: expected a number, found \"half\""),
      ("connect-timeout = true\n", "1: connect-timeout: expected a number, found true"),
      ("columns = \"\\u001B[2J\"\n", "1: columns: expected a whole number, found \"\\u{1B}[2J\""),
    ])
  func wrongType(text: String, message: String) throws {
    #expect(try refusal(text) == message)
  }

  @Test("a number out of range keeps its range's message; an option of words keeps its choices; numbers load")
  func otherMessagesStay() throws {
    #expect(try refusal("columns = -2\n") == "1: --columns must be between 1 and 1000")
    #expect(try refusal("sort = 3\n")?.contains("unknown sort order \"3\"") == true)
    #expect(try refusal("symbols = true\n") == "1: symbols takes a value, not true")
    #expect(try refusal("columns = 3\nfail-rate = 0.5\nconnect-timeout = 2\n") == nil)
  }
}
