import Foundation
import ShopCatalog
import Testing

/// What a new user hit first on the release binary: quit signals, a loop that stalled after a click, and
/// terminal housekeeping. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("Ctrl-C typed at the viewer started from an interactive shell ends it; the shell sees 130")
  func controlCFromInteractiveShell() throws {
    let pane = try TmuxPane(arguments: [], interactiveShell: true)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["C-c"])
    try pane.waitForScreen { $0.contains(TmuxPane.prompt) && !$0.contains("row 1/") }
    try pane.reportStatus()
    try expectRestored(pane, status: "130")
  }

  @Test("Ctrl-Z gives the shell a clean terminal; a resize while stopped is seen on fg, which redraws at the new size")
  func suspendResizeResume() throws {
    let pane = try TmuxPane(arguments: [], interactiveShell: true)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["C-z"])
    try pane.waitForScreen { $0.contains("Stopped") }
    #expect(try pane.format("#{alternate_on}") == "0", "the shell is on the main screen")
    let mouse = try pane.format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
    #expect(mouse == "0000", "no mouse reports reach the shell while stopped")
    #expect(try pane.format("#{cursor_flag}") == "1", "cursor shown")
    try pane.resize(width: 70, height: 20)
    try pane.send(literal: "fg")
    try pane.send(keys: ["Enter"])
    let screen = try pane.waitForScreen { $0.contains("row 1/") && $0.contains("┌") }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 20 && lines[19].contains("row 1/"), "the status bar on the new last row: \(screen)")
    #expect(lines[1].components(separatedBy: "┌").count - 1 == 3, "reflowed into the 3 columns of 70 cells: \(screen)")
    #expect(try pane.format("#{alternate_on}") == "1")
    #expect(try pane.format("#{mouse_sgr_flag}") == "1", "mouse reporting back on")
    // Wide again, so the typed status report does not wrap into lines that look like its answer.
    try pane.resize(width: 100, height: 30)
    try pane.waitForScreen { $0.split(separator: "\n").dropFirst().first?.components(separatedBy: "┌").count == 5 }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains(TmuxPane.prompt) && !$0.contains("row 1/") }
    try pane.reportStatus()
    try expectRestored(pane, status: "0")
  }

  @Test(
    "a click while the first page loads, then no key: the spinner goes on and the page appears",
    arguments: [
      ("SGR", "\u{1B}[<0;50;10M", "\u{1B}[<0;50;10m"),
      // X10: button, column and row, each plus 32 (column 50 and row 10, 1-based); the release is button 3.
      ("X10", "\u{1B}[M R*", "\u{1B}[M#R*"),
    ])
  func clickDoesNotStallTheLoop(encoding: String, press: String, release: String) throws {
    // The page takes 5 s, long enough that a busy machine still sees the spinner turn before it arrives.
    let pane = try TmuxPane(arguments: ["--latency", "5000"])
    let loading = try pane.waitForScreen { $0.contains("loading the catalogue") }
    try pane.click(press: press, release: release)
    // The spinner keeps turning with no key pressed.
    try pane.waitForScreen(seconds: 4) { $0.contains("loading the catalogue") && $0 != loading }
    let screen = try pane.waitForFirstFrame(seconds: 15)
    #expect(screen.contains("60/180 items"), "\(encoding): the first page arrived without a key")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("a click on the failed footer retries, and the page appears with no key pressed")
  func footerClickRetries() throws {
    // The first page loads, the second fails once and then loads.
    let seed = (UInt64(0)...).first { seed in
      let network = SimulatedNetwork(ItemCatalogue(items: [], pageSize: 1), failureRate: 0.5, seed: seed)
      func fails(_ page: Int, _ attempt: Int) -> Bool { network.fails(page: page, attempt: attempt) }
      return !fails(0, 0) && fails(1, 0) && !fails(1, 1)
    }!
    let pane = try TmuxPane(arguments: ["--latency", "300", "--fail-rate", "0.5", "--seed", "\(seed)"])
    try pane.waitForScreen { $0.contains("┌") && $0.contains("60/180 items") }
    // Page down to the footer, where the next page is asked for (G would measure the catalogue and jump to its
    // end, loading only the pages there).
    let failed = try pane.waitForScreen { screen in
      if !screen.contains("load failed") { try? pane.send(keys: ["NPage"]) }
      return screen.contains("load failed")
    }
    let lines = failed.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains("load failed") })
    try pane.click(press: "\u{1B}[<0;10;\(row + 1)M", release: "\u{1B}[<0;10;\(row + 1)m")
    // The status bar counts the loaded items out of the catalogue's 180 (the header is scrolled away).
    let screen = try pane.waitForScreen { $0.contains("120/180 items") }
    #expect(!screen.contains("load failed"))
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("Ctrl-L repaints what other programs wrote over the screen")
  func controlLRepaints() throws {
    // No pictures: one arriving after the first frame would redraw its box over the scribble before Ctrl-L.
    let pane = try TmuxPane(arguments: ["--no-images"])
    try pane.waitForFirstFrame()
    let tty = try pane.format("#{pane_tty}")
    try Data("\u{1B}[5;5HSCRIBBLED-OVER".utf8).write(to: URL(fileURLWithPath: tty))
    try pane.waitForScreen { $0.contains("SCRIBBLED-OVER") }
    try pane.send(keys: ["C-l"])
    try pane.waitForScreen { !$0.contains("SCRIBBLED-OVER") && $0.contains("row 1/") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("End and Home as tmux sends them under TERM=xterm-256color go to the bottom and the top")
  func homeAndEndKeys() throws {
    let pane = try TmuxPane(arguments: [])
    try pane.waitForFirstFrame()
    try pane.send(keys: ["End"])
    // The bottom (a next page may arrive there at once and extend the content).
    try pane.waitForScreen { !$0.contains("row 1/") && $0.contains("%") }
    try pane.send(keys: ["Home"])
    try pane.waitForScreen { $0.contains("row 1/") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("a TERM with no terminal description: one clear line and exit status 2, the screen untouched")
  func unknownTerminal() throws {
    let pane = try TmuxPane(arguments: [], environment: ["TERM=no-such-terminal"])
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    #expect(screen.contains("EXIT=2"))
    #expect(screen.contains("no-such-terminal") && screen.contains("no description"))
    #expect(!screen.contains("Error opening terminal"))
  }

  @Test("no tmux server outlives its pane object")
  func tmuxServersEnd() throws {
    var pane: TmuxPane? = try TmuxPane(arguments: [])
    let server = try #require(try pane?.serverPID())
    #expect(server > 0)
    pane = nil
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline, kill(server, 0) == 0 { Thread.sleep(forTimeInterval: 0.05) }
    #expect(kill(server, 0) != 0, "the tmux server \(server) is still running")
  }
}
