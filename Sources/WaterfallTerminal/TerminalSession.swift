import CNcursesw
import CTerminalSignals
import Foundation
import Glibc
import WaterfallViewer

/// Owns the terminal while the viewer runs: sets curses up for output, turns mouse reporting and bracketed paste
/// on, and puts everything back (main screen, cursor, echo, mouse reporting and bracketed paste off) on quit, on SIGINT / SIGTERM / SIGHUP /
/// SIGQUIT, on a crash, and while suspended with Ctrl-Z (SIGTSTP) until `fg`. Input is read and decoded by ``TerminalInput``, not by curses.
public final class TerminalSession {
  public private(set) var isActive = false
  public let mouseEnabled: Bool
  public let colorAvailable: Bool
  public let localeIsUTF8: Bool
  let input = TerminalInput()
  /// Pictures sent between frames (the kitty painter's); finished before the terminal is given back.
  public let pictures = PictureQueue()

  /// Mouse reporting of button presses and the wheel, in SGR form where the terminal has it.
  private static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
  private static let mouseOff = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"
  /// Bracketed paste: pasted text comes marked, so that its line breaks and letters are not taken as keys.
  private static let pasteOn = "\u{1B}[?2004h"
  private static let pasteOff = "\u{1B}[?2004l"

  /// Why this process cannot open the viewer, or `nil` when it can: stdin and stdout must be terminals and TERM
  /// must name a terminal this machine has a description of. Checked before anything is written to the terminal.
  public static func unusableTerminalReason(environment: [String: String]) -> String? {
    if isatty(STDIN_FILENO) == 0 { return "standard input is not a terminal" }
    if isatty(STDOUT_FILENO) == 0 { return "standard output is not a terminal" }
    guard let term = environment["TERM"], !term.isEmpty else { return "TERM is not set" }
    if term == "dumb" { return "TERM is \"dumb\"" }
    guard wf_terminal_description_exists(term) != 0 else {
      return "TERM is \"\(term.filter { $0.isLetter || $0.isNumber || "-_.+".contains($0) })\", "
        + "a terminal this machine has no description of"
    }
    return nil
  }

  /// Whether the locale (after `setlocale(LC_ALL, "")`) encodes text as UTF-8. A UTF-8 locale that the
  /// environment names but this machine lacks (`LANG=en_US.UTF-8` where it was never generated, as in many
  /// containers) still gets UTF-8, through glibc's built-in C.UTF-8, as tmux does: the terminal was promised UTF-8,
  /// and without it every title would be drawn in question marks.
  public static func localeIsUTF8() -> Bool {
    if setlocale(LC_ALL, "") == nil, namesUTF8(environment: ProcessInfo.processInfo.environment) {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }

  /// Whether the locale the environment asks for (the first of LC_ALL, LC_CTYPE and LANG that is set, as the C
  /// library reads them) is a UTF-8 one.
  public static func namesUTF8(environment: [String: String]) -> Bool {
    let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    let upper = name.uppercased()
    return upper.hasSuffix(".UTF-8") || upper.hasSuffix(".UTF8") || upper.contains(".UTF-8@")
      || upper.contains(".UTF8@")
  }

  public init(mouse: Bool, color: Bool) {
    localeIsUTF8 = Self.localeIsUTF8()
    wf_install_crash_handler()
    // Before initscr, so that curses leaves SIGWINCH to us: we read the input, so we see resizes.
    _ = wf_install_signal_handlers()
    initscr()
    isActive = true
    // After initscr, whose own failure message must reach the terminal.
    _ = wf_hold_standard_error()
    cbreak()
    noecho()
    nonl()
    Self.turnOffFlowControl()
    intrflush(wf_stdscr(), false)
    curs_set(0)
    // Let curses scroll the terminal itself when a whole region moves (fewer bytes per scroll step).
    idlok(wf_stdscr(), true)
    if color, has_colors() {
      start_color()
      use_default_colors()
      colorAvailable = true
    } else {
      colorAvailable = false
    }
    mouseEnabled = mouse
    if mouse { Self.write(Self.mouseOn) }
    Self.write(Self.pasteOn)
    input.suspend = { [unowned self] in self.suspendUntilContinued() }
  }

  /// Ctrl-S and Ctrl-Q come to the viewer as keys: with the terminal's flow control on, Ctrl-S stops its output
  /// until Ctrl-Q, which looks like a hang. Kept in curses' program modes, so a continue after Ctrl-Z keeps it; the
  /// shell's modes (flow control as it had it) come back with the rest.
  private static func turnOffFlowControl() {
    var modes = termios()
    guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
    modes.c_iflag &= ~tcflag_t(IXON)
    tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    def_prog_mode()
  }

  /// Ctrl-Z: everything we changed goes back (mouse reporting, cursor, screen, modes) before the process stops,
  /// so the shell gets a clean terminal; on `fg` it is all taken again. The caller reflows and repaints.
  func suspendUntilContinued() {
    guard isActive else { return }
    // No picture is written while the shell has the terminal.
    pictures.withTerminal { stopUntilContinued() }
  }

  private func stopUntilContinued() {
    if turnedOnGraphemeClusters { Self.write(Self.graphemeClustersOff) }
    if mouseEnabled { Self.write(Self.mouseOff) }
    Self.write(Self.pasteOff)
    curs_set(1)
    endwin()
    wf_restore_saved_terminal_modes()
    wf_release_standard_error()
    wf_stop_until_continued()
    _ = wf_hold_standard_error()
    // Continued: curses' own modes (cbreak, no echo) now, not at the next refresh, so no key is read cooked.
    reset_prog_mode()
    curs_set(0)
    if mouseEnabled { Self.write(Self.mouseOn) }
    Self.write(Self.pasteOn)
    if turnedOnGraphemeClusters { Self.write(Self.graphemeClustersOn) }
  }

  /// How many colours the terminal has (256 for `xterm-256color`, 2^24 for `xterm-direct`); 0 without colour.
  public var colorCount: Int { colorAvailable ? Int(wf_colors()) : 0 }

  /// The terminal's size in columns and rows, as curses knows it.
  public var size: (width: Int, height: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    wf_getmaxyx(wf_stdscr(), &rows, &columns)
    return (Int(columns), Int(rows))
  }

  /// Asks the terminal for its size after SIGWINCH and tells curses; returns the new size.
  static func followTerminalSize() -> (width: Int, height: Int) {
    var window = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
      resizeterm(Int32(window.ws_row), Int32(window.ws_col))
    }
    var rows: Int32 = 0
    var columns: Int32 = 0
    wf_getmaxyx(wf_stdscr(), &rows, &columns)
    return (Int(columns), Int(rows))
  }

  /// Keys typed before the session began (``OpeningWatch``), given to the viewer before anything read later.
  public func keep(typedEarly bytes: [UInt8]) { input.keep(typedEarly: bytes) }

  /// Puts the terminal back. Safe to call more than once.
  public func restore() {
    guard isActive else { return }
    isActive = false
    pictures.finish()
    curs_set(1)
    endwin()
    // endwin leaves the alternate screen; mouse reporting is ours to switch off.
    if mouseEnabled { Self.write(Self.mouseOff) }
    Self.write(Self.pasteOff)
    if turnedOnGraphemeClusters {
      Self.write(Self.graphemeClustersOff)
      wf_set_grapheme_clusters_turned_on(0)
    }
    wf_restore_saved_terminal_modes()
    wf_release_standard_error()
  }

  /// Whether the viewer turned the terminal's grapheme cluster mode on (and so must turn it off).
  private var turnedOnGraphemeClusters = false
  static let graphemeClustersOn = "\u{1B}[?2027h"
  static let graphemeClustersOff = "\u{1B}[?2027l"
  /// DECRQM for the grapheme cluster mode, then DA1, whose answer ends the wait.
  static let graphemeClustersQuery = Array("\u{1B}[?2027$p\u{1B}[c".utf8)

  /// The terminal's widths are the truth: asks whether it counts grapheme clusters (mode 2027: kitty, WezTerm,
  /// foot, Ghostty), turns that on where it is off, and has the viewer count as the terminal does
  /// (``DisplayWidth/clusterRule``). Elsewhere (xterm, tmux, a terminal that does not answer) widths stay glibc's
  /// scalar by scalar, as those terminals count. Call once, before the first frame.
  public func followTerminalWidths() {
    guard isActive, localeIsUTF8 else { return }
    let replies = ask(Self.graphemeClustersQuery)
    guard replies.graphemeClustersAvailable else { return }
    if replies.graphemeClusterMode == 2 {
      Self.write(Self.graphemeClustersOn)
      turnedOnGraphemeClusters = true
      wf_set_grapheme_clusters_turned_on(1)
    }
    DisplayWidth.clusterRule = .graphemeClusters
  }

  private static func write(_ text: String) {
    _ = text.withCString { Glibc.write(STDOUT_FILENO, $0, strlen($0)) }
  }

  /// Ends the process the way Unix programs end for `signal` (the shell sees 128 + the signal): call after
  /// ``restore()``.
  public static func die(of signal: Int32) -> Never {
    wf_die_of_signal(signal)
    exit(128 + signal)
  }

  deinit { restore() }
}
