import Foundation
import Testing

/// The viewer in xterm, whose widths are glibc's wcwidth as tmux's are (🛍️ is one column, its selector none): the
/// screen xterm holds, dumped as text by its own `print-immediate` action, leaves nothing stale beside the emoji.
@Suite("The viewer in xterm")
struct XtermScreenEndToEndTests {
  /// xterm in a 100×30 window running the viewer with the defaults, F12 writing its screen to `dump…` files.
  final class Xterm {
    let display: VirtualDisplay
    var dumpPrefix: String { display.directory.appendingPathComponent("dump").path }

    init(arguments: [String]) throws {
      try VirtualDisplay.require(["xterm"])
      display = try VirtualDisplay()
      let cache = display.directory.appendingPathComponent("cache").path
      try display.start(
        [
          "xterm", "-geometry", "100x30+0+0", "-xrm", "XTerm*printFileImmediate: \(dumpPrefix)",
          "-xrm", "XTerm*printAttributes: 0", "-xrm", "XTerm*VT100.translations: #override <Key>F12: print-immediate()",
          "-e", "env", "-u", "NO_COLOR", "TERM=xterm-256color", "LANG=C.UTF-8", "SWIFT_BACKTRACE=interactive=no",
          "XDG_CACHE_HOME=\(cache)", TmuxPane.binary,
        ] + arguments)
    }

    /// xterm's screen as text: F12 pressed, its file read (the right half of a wide character, which xterm writes
    /// as U+FFFF, dropped).
    func screen() throws -> String {
      let files = { (try? FileManager.default.contentsOfDirectory(atPath: self.display.directory.path)) ?? [] }
      for file in files() where file.hasPrefix("dump") {
        try? FileManager.default.removeItem(at: display.directory.appendingPathComponent(file))
      }
      var text = ""
      // Pressed again each second: a key pressed before xterm's window is up goes nowhere.
      try display.waitUntil(seconds: 20, "xterm's screen dump") {
        try display.type(["F12"])
        for _ in 0..<10 {
          usleep(100_000)
          guard let file = files().first(where: { $0.hasPrefix("dump") }) else { continue }
          usleep(200_000)  // written whole
          text = try String(contentsOf: display.directory.appendingPathComponent(file), encoding: .utf8)
          return !text.isEmpty
        }
        return false
      }
      return String(text.unicodeScalars.filter { $0 != "\u{FFFF}" }.map(Character.init))
    }

    /// Dumps until two dumps in a row satisfy `condition` (a frame drawn whole).
    func waitForSteadyScreen(_ what: String, _ condition: (String) -> Bool) throws -> String {
      var (last, previousHeld) = ("", false)
      do {
        try display.waitUntil(seconds: 30, what) {
          last = try screen()
          let holds = condition(last)
          defer { previousHeld = holds }
          return holds && previousHeld
        }
      } catch {
        throw VirtualDisplay.Failure("\(error); xterm's last screen:\n\(last)")
      }
      return last
    }
  }

  @Test("with the defaults, the 🛍️ titles in xterm have nothing stale beside them, found and stepped past")
  func nothingStaleBesideTheEmoji() throws {
    try TmuxPane.requireUsableBinary()
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let xterm = try Xterm(arguments: [catalogue])
    _ = try xterm.waitForSteadyScreen("the first page") { $0.contains("60/180 items") }
    var titled = 0
    func expectNothingBeside(after step: String, _ screen: String) {
      let lines = BagTitles.lines(of: screen)
      titled += lines.count
      let stale = lines.filter(BagTitles.hasStaleCells)
      #expect(stale.isEmpty, "after \(step), beside: \(stale)")
    }
    // The steps that left a letter beside the emoji in tmux and xterm: the search, each match, then rows down.
    try xterm.display.type(["slash"])
    try xterm.display.type(text: "🛍️")
    try xterm.display.type(["Return"])
    expectNothingBeside(after: "the search", try xterm.waitForSteadyScreen("match 1") { $0.contains("match 1/7") })
    for match in 2...7 {
      try xterm.display.type(["n"])
      expectNothingBeside(
        after: "match \(match)", try xterm.waitForSteadyScreen("match \(match)") { $0.contains("match \(match)/7") })
    }
    for step in 1...3 {
      try xterm.display.type(["j"])
      expectNothingBeside(after: "the last match and \(step) j", try xterm.waitForSteadyScreen("a step") { _ in true })
    }
    #expect(titled >= 7, "the matches' titles were on screen")
  }
}
