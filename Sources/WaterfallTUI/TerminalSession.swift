import CNcursesw
import Glibc

/// Owns the terminal while the viewer runs: sets curses up, and puts everything back (main screen, cursor, echo,
/// mouse reporting off) on quit, on SIGINT / SIGTERM / SIGHUP, and on a crash.
public final class TerminalSession {
  public private(set) var isActive = false
  public let mouseEnabled: Bool
  public let colorAvailable: Bool
  public let localeIsUTF8: Bool

  /// Why this process cannot open the viewer, or `nil` when it can: stdin and stdout must be terminals and TERM
  /// must name a real one. Checked before curses is touched.
  public static func unusableTerminalReason(environment: [String: String]) -> String? {
    if isatty(STDIN_FILENO) == 0 { return "standard input is not a terminal" }
    if isatty(STDOUT_FILENO) == 0 { return "standard output is not a terminal" }
    guard let term = environment["TERM"], !term.isEmpty else { return "TERM is not set" }
    if term == "dumb" { return "TERM is \"dumb\"" }
    return nil
  }

  /// Whether the locale (after `setlocale(LC_ALL, "")`) encodes text as UTF-8.
  public static func localeIsUTF8() -> Bool {
    setlocale(LC_ALL, "")
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }

  public init(mouse: Bool, color: Bool) {
    localeIsUTF8 = Self.localeIsUTF8()
    wf_install_crash_handler()
    wf_install_quit_handlers()
    initscr()
    isActive = true
    cbreak()
    noecho()
    nonl()
    intrflush(wf_stdscr(), false)
    keypad(wf_stdscr(), true)
    set_escdelay(25)
    wtimeout(wf_stdscr(), 50)
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
    if mouse {
      let mask =
        wf_button1_pressed() | wf_button1_clicked() | wf_button1_double_clicked() | wf_button4_pressed()
        | wf_button5_pressed()
      mousemask(mask, nil)
      mouseinterval(0)
    }
  }

  /// The terminal's size in cells.
  public var size: (width: Int, height: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    wf_getmaxyx(wf_stdscr(), &rows, &columns)
    return (Int(columns), Int(rows))
  }

  /// The signal that asked us to quit since the last call, if any.
  public func takeQuitSignal() -> Int32? {
    let signal = wf_take_quit_signal()
    return signal == 0 ? nil : signal
  }

  /// Whether the terminal has gone away (the window closed without a SIGHUP reaching us). Reading would then
  /// fail at once, forever, so the main loop must stop.
  public var isHungUp: Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) >= 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Puts the terminal back. Safe to call more than once.
  public func restore() {
    guard isActive else { return }
    isActive = false
    if mouseEnabled { mousemask(0, nil) }
    curs_set(1)
    endwin()
    // endwin leaves the main screen and the modes; say the mouse part once more ourselves, in case the
    // terminal description did not.
    let reset = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"
    _ = reset.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    wf_restore_saved_termios()
  }

  deinit { restore() }
}
