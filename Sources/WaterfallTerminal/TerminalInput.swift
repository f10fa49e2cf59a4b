import CTerminalSignals
import Glibc
import WaterfallViewer

/// The terminal as the runner's input source. It never blocks the main loop: it waits on standard input and on
/// the signal wake-up pipe together, for at most one tick, and decodes what arrived.
final class TerminalInput: InputSource {
  /// Ticks (spinner frames, pull release, arriving pages) come this often at the least.
  static let tickMilliseconds = 50

  /// Called on Ctrl-Z (SIGTSTP): puts the terminal back, stops the process, and returns once it is continued with
  /// the terminal taken again (``TerminalSession`` sets it).
  var suspend: (() -> Void)?
  /// Called on a resize (SIGWINCH) or a resume, before the new size goes to the viewer: what else changed with it,
  /// as events (``InteractiveViewer`` reads the tmux pane's corner and the cell size in pixels again).
  var resized: (() -> [InputEvent])?

  func next() -> InputBatch {
    let arrival = wait(timeoutMilliseconds: Self.tickMilliseconds)
    if let signal = arrival.quitSignal { return .signal(signal) }
    if arrival.suspended, let suspend {
      suspend()
      // The terminal may have been resized while we were stopped (the pane moved, the font changed), and the
      // shell drew over it.
      return .events([currentSize()] + (resized?() ?? []) + [.repaint] + arrival.events)
    }
    // Ctrl-L asks for a repaint: the size is read again too, in case a resize was missed.
    let repaintAsked = arrival.events.contains(.key(.control("l")))
    guard arrival.resized || repaintAsked else { return .events(arrival.events) }
    return .events([currentSize()] + (arrival.resized ? resized?() ?? [] : []) + arrival.events)
  }

  private func currentSize() -> InputEvent {
    let size = TerminalSession.followTerminalSize()
    return .resize(width: size.width, height: size.height)
  }

  /// What one wait brought.
  struct Arrival {
    var events: [InputEvent] = []
    var quitSignal: Int32?
    var resized = false
    var suspended = false
  }

  /// How long a lone Esc waits for the rest of a sequence before it counts as the Escape key.
  static let escapeDelayMilliseconds = 25
  /// How long a paste may pause before it counts as ended without its end marker (a slow link splits a paste
  /// into packets; a terminal that never ends one must not take the keys for good).
  static let pastePauseMilliseconds = 1000
  /// Ticks with no byte since a paste began or last went on.
  private var quietTicksInPaste = 0

  private var decoder = TerminalInputDecoder()
  private var buffer = [UInt8](repeating: 0, count: 4096)
  /// Keys typed while the start-up queries were answered, decoded before anything read later.
  private var typedEarly: [UInt8] = []

  /// Keeps `bytes` (keys typed during the start-up queries) for the first wait.
  func keep(typedEarly bytes: [UInt8]) { typedEarly += bytes }

  /// Waits until input, a signal or `timeoutMilliseconds` (whichever comes first) and returns what arrived.
  func wait(timeoutMilliseconds: Int) -> Arrival {
    var arrival = Arrival()
    if !typedEarly.isEmpty {
      arrival.events = decoder.decode(typedEarly)
      typedEarly.removeAll()
      return arrival
    }
    // A paste waits whole ticks (``stillWaitingForPaste()``); an unfinished key only the escape delay.
    let waitsForKey = decoder.hasPendingBytes && !decoder.isPasting
    let timeout = waitsForKey ? min(timeoutMilliseconds, Self.escapeDelayMilliseconds) : timeoutMilliseconds
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wf_signal_wake_fd(), events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(max(0, timeout)))
    if descriptors[1].revents != 0 { wf_drain_signal_wake_fd() }
    let quit = wf_take_quit_signal()
    if quit != 0 { arrival.quitSignal = quit }
    arrival.resized = wf_take_resize_signal() != 0
    arrival.suspended = wf_take_suspend_signal() != 0
    guard ready > 0 else {
      if ready == 0, !stillWaitingForPaste() { arrival.events = decoder.flush() }
      return arrival
    }
    quietTicksInPaste = 0
    let input = descriptors[0].revents
    if input & Int16(POLLIN) != 0 {
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count > 0 {
        arrival.events = decoder.decode(buffer[0..<count])
      } else if count == 0 {
        arrival.quitSignal = arrival.quitSignal ?? SIGHUP  // end of input: the terminal is gone
      }
    } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
      // The window closed without a SIGHUP reaching us: reading would fail at once, forever.
      arrival.quitSignal = arrival.quitSignal ?? SIGHUP
    }
    return arrival
  }

  /// Whether a paste is open and has paused for less than ``pastePauseMilliseconds``: counted in ticks, since a
  /// paste waits a whole tick at a time.
  private func stillWaitingForPaste() -> Bool {
    guard decoder.isPasting else { return false }
    quietTicksInPaste += 1
    guard quietTicksInPaste * Self.tickMilliseconds >= Self.pastePauseMilliseconds else { return true }
    quietTicksInPaste = 0
    return false
  }
}
