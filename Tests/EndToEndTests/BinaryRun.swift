import Foundation

/// One run of the binary under test without a terminal: what it printed on each stream and how it ended.
struct BinaryRun {
  var status: Int32
  var output: String
  var errors: String

  /// Runs `waterfall ARGUMENTS` with standard input from /dev/null and a small, fixed environment.
  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TmuxPane.binary)
    process.arguments = arguments
    process.environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read before waiting, so a large output cannot fill the pipe and stall the child.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complained = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    self.output = String(decoding: printed, as: UTF8.self)
    self.errors = String(decoding: complained, as: UTF8.self)
  }

  /// Whether either stream holds a byte a terminal would act on (other than line feeds).
  var printsControlCharacters: Bool {
    (output + errors).unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value)) }
  }
}
