import Foundation

/// One run of the binary under test without a terminal: what it printed on each stream and how it ended.
struct BinaryRun {
  var status: Int32
  var output: String
  var errors: String

  /// Runs `waterfall ARGUMENTS` with standard input from /dev/null (or `input`) and a small, fixed environment,
  /// in a session of its own: no controlling terminal, so no `/dev/tty` either.
  init(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws {
    try self.init(program: [TmuxPane.binary] + arguments, input: input, environment: environment)
  }

  /// Runs a bash command line without a terminal, as above; `$WATERFALL` is the binary under test.
  init(shell command: String, environment: [String: String] = [:]) throws {
    try self.init(
      program: ["/bin/bash", "-c", command], input: nil,
      environment: ["WATERFALL": TmuxPane.binary].merging(environment) { $1 })
  }

  private init(program: [String], input: Data?, environment: [String: String]) throws {
    let process = Process()
    // setsid -w: a new session, so the program finds no terminal even when the tests run in one.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["-w"] + program
    process.environment = ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    let inputPipe = input.map { _ in Pipe() }
    process.standardInput = inputPipe ?? FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    if let input, let inputPipe {
      // On a thread of its own, so a child that reads slowly cannot stall us reading its output.
      let writer = inputPipe.fileHandleForWriting
      Thread {
        try? writer.write(contentsOf: input)
        try? writer.close()
      }.start()
    }
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
