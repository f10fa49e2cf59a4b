import Foundation

/// Shell commands for the benchmarks (tmux, and this binary run again as a probe).
enum Shell {
  /// Runs `command` and returns its exit status.
  @discardableResult
  static func run(_ command: String) -> Int32 { system(command) }

  /// Runs `command` and returns what it printed on standard output.
  static func output(of command: String) -> String {
    guard let pipe = popen(command, "r") else { return "" }
    defer { pclose(pipe) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
      text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return text
  }
}
