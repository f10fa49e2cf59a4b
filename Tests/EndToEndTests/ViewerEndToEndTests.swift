import Foundation
import Testing

/// The real binary in tmux. One serialized suite: curses tests must not share a terminal or race for the CPU.
@Suite("End to end in tmux", .serialized)
struct ViewerEndToEndTests {
  init() throws { try TmuxPane.requireUsableBinary() }

  /// Checks what the viewer left behind: it exited with `status`, the pane is on the main screen, mouse
  /// reporting is off and echo is on.
  func expectRestored(
    _ pane: TmuxPane, status: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    // Output lines, not the typed command line of an interactive shell.
    let screen = try pane.waitForScreen(seconds: seconds, sourceLocation: sourceLocation) { screen in
      let lines = screen.split(separator: "\n")
      return lines.contains { $0.hasPrefix("EXIT=") } && lines.contains { $0 == "echo" || $0 == "-echo" }
    }
    let lines = screen.split(separator: "\n").map(String.init)
    #expect(lines.contains("EXIT=\(status)"), "\(screen)", sourceLocation: sourceLocation)
    #expect(lines.contains("echo") && !lines.contains("-echo"), "echo is on", sourceLocation: sourceLocation)
    #expect(try pane.format("#{alternate_on}") == "0", "main screen", sourceLocation: sourceLocation)
    let mouse = try pane.format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
    #expect(mouse == "0000", "mouse reporting off", sourceLocation: sourceLocation)
    #expect(try pane.format("#{cursor_flag}") == "1", "cursor shown", sourceLocation: sourceLocation)
  }

  @Test("boxes appear, j scrolls, a click opens the detail, a resize reflows, q exits 0 and restores")
  func browseAndQuit() throws {
    let pane = try TmuxPane(arguments: [])
    var screen = try pane.waitForScreen { $0.contains("┌") && $0.contains("¥") && $0.contains("row 1/") }
    #expect(screen.contains("Waterfall · Shop catalogue"))
    #expect(try pane.format("#{alternate_on}") == "1")

    try pane.send(keys: ["j"])
    screen = try pane.waitForScreen { $0.contains("row 2/") }
    #expect(!screen.contains("Waterfall · Shop catalogue"), "the header scrolled away")

    // A left click at column 30, row 6 (1-based in SGR), pressed and released.
    try pane.send(literal: "\u{1B}[<0;30;6M\u{1B}[<0;30;6m")
    // The frame reaches the pane in pieces: wait for all of it.
    screen = try pane.waitForScreen { $0.contains("Item #") && $0.contains("sel #") }
    #expect(screen.contains("price") && screen.contains("size"))
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { !$0.contains("Item #") }

    let wideTop = try pane.screen().split(separator: "\n")[0]
    let wideColumns = wideTop.components(separatedBy: "┌").count - 1
    try pane.resize(width: 50, height: 30)
    screen = try pane.waitForScreen { screen in
      let top = screen.split(separator: "\n").first.map(String.init) ?? ""
      return top.count <= 50 && screen.contains("row ") && (screen.components(separatedBy: "┐").count - 1) >= 1
    }
    let narrowColumns = screen.split(separator: "\n").map { $0.components(separatedBy: "│").count }.max() ?? 0
    #expect(narrowColumns < 2 * wideColumns + 1, "fewer columns after shrinking:\n\(screen)")
    #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 50 })

    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test(
    "SIGINT, SIGTERM, SIGHUP, SIGQUIT and a crash each leave the terminal restored, dying of the signal",
    arguments: [
      ("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT), ("SEGV", SIGSEGV),
      ("ABRT", SIGABRT),
    ])
  func signalsRestore(name: String, signal: Int32) throws {
    let pane = try TmuxPane(arguments: [])
    try pane.waitForFirstFrame()
    try pane.send(literal: "\u{1B}[<0;30;6M\u{1B}[<0;30;6m")
    try pane.waitForScreen { $0.contains("Item #") }
    let pid = try pane.pid()
    #expect(pid > 0)
    #expect(kill(pid, signal) == 0)
    try expectRestored(pane, status: "\(128 + signal)")
  }

  @Test("a real crash (a trap in Swift) restores the terminal, then shows the runtime's message and the backtrace")
  func crashRestores() throws {
    let pane = try TmuxPane(arguments: [], environment: ["WATERFALL_CRASH_KEY=1"])
    try pane.waitForFirstFrame()
    try pane.send(keys: ["!"])
    // The exit waits for the Swift runtime to symbolicate the backtrace, slow on a busy machine.
    try expectRestored(pane, status: "\(128 + SIGILL)", seconds: 60)
    let history = try pane.history()
    // Written while the viewer held the screen: held, and shown on the restored terminal.
    #expect(history.contains("Fatal error: crash forced with ! (WATERFALL_CRASH_KEY)"), "\(history)")
    #expect(
      history.contains("Program crashed"),
      "the Swift runtime's report, by the toolchain's backtracer (\(TmuxPane.staticBacktracer ?? "not found"))")
  }

  @Test("no terminal at all (no /dev/tty), the catalogue piped in or named: one clear line, exit 2, no escape codes")
  func noTerminal() throws {
    let catalogue = Data(#"[{"w": 1, "h": 1, "price": "¥1", "title": "one"}]"#.utf8)
    let bundled = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    for run in [try BinaryRun([], input: catalogue), try BinaryRun(["--pick", bundled])] {
      #expect(run.status == 2)
      #expect(run.output.isEmpty)
      #expect(!run.errors.contains("\u{1B}"))
      #expect(
        run.errors.contains("no terminal (/dev/tty") && run.errors.contains("waterfall snapshot"), "\(run.errors)")
      #expect(run.errors.split(separator: "\n").count == 1)
    }
  }
}
