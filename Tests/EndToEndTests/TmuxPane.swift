import Foundation
import TestSupport
import Testing

/// The real `waterfall` binary in a tmux pane on a private tmux server, for end-to-end tests.
final class TmuxPane {
  /// The binary under test: `WATERFALL_BIN` (what `make test` sets: the release build, which `make install`
  /// ships), else the release build in this checkout.
  static let binary: String = {
    if let path = givenBinary { return path }
    return checkout.appendingPathComponent(".build/release/waterfall").path
  }()

  private static let givenBinary = ProcessInfo.processInfo.environment["WATERFALL_BIN"].flatMap {
    $0.isEmpty ? nil : $0
  }
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Fails the test unless the binary exists and, when it is this checkout's release build (no `WATERFALL_BIN`,
  /// as after a plain `swift test`), is newer than every source file: a stale binary would test old code.
  static func requireUsableBinary(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: binary),
      "build the binary first (swift build -c release), or run make test: \(binary)", sourceLocation: sourceLocation)
    guard givenBinary == nil else { return }
    let built = try FileManager.default.attributesOfItem(atPath: binary)[.modificationDate] as? Date ?? .distantPast
    let sources = checkout.appendingPathComponent("Sources")
    let newer = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey])?
      .compactMap { $0 as? URL }
      .first {
        ((try? $0.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast)
          > built
      }
    try #require(
      newer == nil,
      "\(binary) is older than \(newer?.path ?? ""): run swift build -c release (or make test) first",
      sourceLocation: sourceLocation)
  }

  /// The toolchain's backtracer for a binary with the Swift runtime linked in, which finds none beside itself:
  /// `usr/libexec/swift/linux/swift-backtrace-static` beside the `usr/lib/swift/linux/libswiftCore.so` that this
  /// test process runs on.
  static let staticBacktracer: String? = {
    // Read to the end, not by the file's size: /proc says 0.
    guard let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
      let line = String(decoding: maps, as: UTF8.self).split(separator: "\n").first(where: {
        $0.hasSuffix("/libswiftCore.so")
      }),
      let slash = line.firstIndex(of: "/")
    else { return nil }
    var usr = URL(fileURLWithPath: String(line[slash...]))
    for _ in 0..<4 { usr.deleteLastPathComponent() }
    let path = usr.appendingPathComponent("libexec/swift/linux/swift-backtrace-static").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  /// The prompt of the interactive shell (capture-pane trims trailing spaces, so no `$ `).
  static let prompt = "wf-shell>"

  /// The shell line that reports how the program ended: its status, then the terminal's echo setting.
  static let statusReport = "echo EXIT=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo"

  let socket = "waterfall-e2e-\(UUID().uuidString.prefix(8))"
  let directory: URL
  var pidFile: URL { directory.appendingPathComponent("pid") }
  var rawOutput: URL { directory.appendingPathComponent("raw-output") }
  /// The tmux server's configuration file: none, unless the pane was started with one.
  private var configFile = "/dev/null"

  /// Starts `waterfall ARGUMENTS` in a `width`×`height` pane. After the program ends, the pane's shell prints
  /// `EXIT=<status>` and the terminal's echo setting, then waits, so the tests can look at what was left.
  ///
  /// With `interactiveShell`, the pane runs an interactive bash and the command is typed at its prompt, as a
  /// person starts it: the viewer runs in its own process group, the terminal's foreground group, so Ctrl-C typed
  /// into the pane reaches it as SIGINT. Call ``reportStatus()`` after it ends.
  ///
  /// `pipedFrom`: a shell command whose output is piped into the program (`cat items.json | waterfall`);
  /// `outputFile`: where the program's standard output goes instead of the pane. `configuration`: the tmux
  /// server's settings (`set -g allow-passthrough on`), in place before the program starts.
  init(
    arguments: [String], width: Int = 100, height: Int = 30, environment: [String] = [],
    captureRawOutput: Bool = false, interactiveShell: Bool = false, pipedFrom: String? = nil,
    outputFile: String? = nil, configuration: String? = nil
  ) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    if let configuration {
      configFile = directory.appendingPathComponent("tmux.conf").path
      try configuration.write(toFile: configFile, atomically: true, encoding: .utf8)
    }
    var program = ([Self.binary] + arguments).map(Self.quote).joined(separator: " ")
    if let outputFile { program += " > \(Self.quote(outputFile))" }
    let inner =
      "echo $$ > \(Self.quote(pidFile.path)); " + (pipedFrom.map { "\($0) | \(program)" } ?? "exec \(program)")
    // The Swift runtime would wait 30 s at its crash prompt on a terminal; the tests only need the report, from the
    // toolchain's backtracer, as the binary has none beside it. The picture cache goes to this pane's folder, never
    // the real ~/.cache (a test's own environment comes after).
    let cacheHome = Self.quote(directory.appendingPathComponent("cache").path)
    let backtrace = "interactive=no" + (Self.staticBacktracer.map { ",enable=yes,swift-backtrace=\($0)" } ?? "")
    let command =
      "env -u NO_COLOR TERM=xterm-256color SWIFT_BACKTRACE=\(backtrace) XDG_CACHE_HOME=\(cacheHome) "
      + "\(environment.map(Self.quote).joined(separator: " ")) sh -c \(Self.quote(inner))"
    let shell =
      interactiveShell
      ? "exec env PS1='\(Self.prompt) ' bash --norc --noprofile -i" : "\(command); \(Self.statusReport); sleep 600"
    try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "e2e", "sh", "-c", shell])
    if captureRawOutput {
      try tmux(["pipe-pane", "-o", "-t", "e2e", "cat >> \(Self.quote(rawOutput.path))"])
    }
    if interactiveShell {
      try waitForScreen { $0.contains(Self.prompt) }
      try send(literal: command)
      try send(keys: ["Enter"])
    }
  }

  /// Types the status report at an interactive shell's prompt (see `interactiveShell`).
  func reportStatus() throws {
    try send(literal: Self.statusReport)
    try send(keys: ["Enter"])
  }

  /// The process ID of this pane's tmux server.
  func serverPID() throws -> Int32 {
    Int32(try format("#{pid}")) ?? -1
  }

  deinit {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs tmux on this pane's private server and returns what it printed.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    // A file, not a pipe: the tmux server that the first call starts would hold a pipe open forever.
    let outputFile = directory.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: outputFile) }
    let status = try ChildProcess.run(
      ["tmux", "-L", socket, "-f", configFile] + arguments, outputPath: outputFile)
    let text = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
    guard status == 0 || arguments.first == "kill-server" else {
      throw TmuxError(message: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
    }
    return text
  }

  /// The pane's text as it is now.
  func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "e2e"]) }

  /// The pane's lines with their colours and attributes as SGR sequences, trailing spaces kept (see ``StyledLines``).
  func styledScreen() throws -> [String] {
    var lines = try tmux(["capture-pane", "-p", "-e", "-N", "-t", "e2e"]).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The pane's text with its scrollback.
  func history() throws -> String { try tmux(["capture-pane", "-p", "-S", "-5000", "-t", "e2e"]) }

  /// A tmux format of the pane, such as `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", "e2e", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func send(keys: [String]) throws { try tmux(["send-keys", "-t", "e2e"] + keys) }

  /// Sends raw bytes as if typed (mouse reports, escape sequences).
  func send(literal text: String) throws { try tmux(["send-keys", "-t", "e2e", "-l", text]) }

  /// A click as a hand makes it: the press, a moment, then the release, so the viewer reads them apart. The
  /// moment is the input under test, not a wait for the viewer: what follows waits on the screen.
  func click(press: String, release: String) throws {
    try send(literal: press)
    Thread.sleep(forTimeInterval: 0.15)
    try send(literal: release)
  }

  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
  }

  /// The viewer's process ID.
  func pid() throws -> Int32 {
    let text = try waitForValue { try? String(contentsOf: self.pidFile, encoding: .utf8) }
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }

  /// Polls the screen until `condition` holds (and returns that screen) or `seconds` pass (and fails).
  @discardableResult
  func waitForScreen(
    seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if condition(last) { return last }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Issue.record("the screen never matched; last screen:\n\(last)", sourceLocation: sourceLocation)
    return last
  }

  /// As ``waitForScreen(seconds:sourceLocation:_:)``, then until the screen stays the same for a fifth of a
  /// second: the screen a live session rests on (a replay's golden), never a frame caught half drawn.
  @discardableResult
  func waitForSteadyScreen(
    seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var last = try waitForScreen(seconds: seconds, sourceLocation: sourceLocation, condition)
    while Date() < deadline {
      Thread.sleep(forTimeInterval: 0.2)
      let now = try screen()
      if now == last, condition(now) { return now }
      last = now
    }
    Issue.record("the screen never rested; last screen:\n\(last)", sourceLocation: sourceLocation)
    return last
  }

  private func waitForValue(seconds: Double = 10, _ read: () -> String?) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let value = read(), !value.isEmpty { return value }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return ""
  }

  static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

struct TmuxError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
