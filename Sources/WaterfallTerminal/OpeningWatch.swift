import CTerminalSignals
import Foundation
import Glibc
import Locking

/// The viewer opens only once its dataset has something to show, so that a dataset that turns out bad is refused
/// before the terminal is touched. A pipe with nothing usable yet, a FIFO with no writer, a slow first page: after
/// half a second of that, one line on the terminal says what is awaited and `q` or Esc quits at once (Ctrl-C,
/// Ctrl-Z and the other signals act as ever); other keys are kept for the viewer. The terminal's modes are put
/// back however the wait ends.
public enum OpeningWatch {
  /// Runs `open` on this thread, watching the terminal beside it once `patience` seconds have gone by. Returns
  /// what `open` returned and the keys typed meanwhile (for ``TerminalSession/keep(typedEarly:)``); a quit key
  /// ends the process with `quitStatus`.
  public static func open<Value>(
    awaiting name: String, quitStatus: Int32, patience: Double = 0.5, _ open: () throws -> Value
  ) rethrows -> (value: Value, typed: [UInt8]) {
    let watch = Watch(notice: "waterfall: waiting for \(name)... q quits", quitStatus: quitStatus)
    let thread = Thread { watch.run(patience: patience) }
    thread.name = "opening watch"
    thread.start()
    defer { watch.stop() }
    let value = try open()
    watch.stop()
    return (value, watch.typed)
  }
}

/// The watching thread's side of ``OpeningWatch``.
private final class Watch: Sendable {
  let notice: String
  let quitStatus: Int32
  /// Signalled when the opening is over, so the watch ends (or never begins).
  private let opened = DispatchSemaphore(value: 0)
  /// Signalled by the watch once the terminal is as it found it.
  private let ended = DispatchSemaphore(value: 0)
  private let state = Locked((isOpened: false, typed: [UInt8]()))

  init(notice: String, quitStatus: Int32) { (self.notice, self.quitStatus) = (notice, quitStatus) }

  var typed: [UInt8] { state.withLock { $0.typed } }

  /// Ends the watch and waits until the terminal is put back; called again, does nothing.
  func stop() {
    let first = state.withLock { state in
      defer { state.isOpened = true }
      return !state.isOpened
    }
    guard first else { return }
    opened.signal()
    ended.wait()
  }

  func run(patience: Double) {
    defer { ended.signal() }
    guard opened.wait(timeout: .now() + patience) == .timedOut else { return }
    let terminal = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
    guard terminal >= 0 else { return opened.wait() }
    defer { close(terminal) }
    var saved = termios()
    guard tcgetattr(terminal, &saved) == 0 else { return opened.wait() }
    var watching = saved
    // Keys one at a time and not echoed; Ctrl-C and Ctrl-Z still raise their signals.
    watching.c_lflag &= ~tcflag_t(ICANON | ECHO)
    _ = wf_install_signal_handlers()
    take(terminal, modes: watching)
    defer { putBack(terminal, modes: saved) }
    var buffer = [UInt8](repeating: 0, count: 256)
    while opened.wait(timeout: .now()) == .timedOut {
      var descriptors = [
        pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wf_signal_wake_fd(), events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&descriptors, 2, 50)
      if descriptors[1].revents != 0 { wf_drain_signal_wake_fd() }
      let signal = wf_take_quit_signal()
      if signal != 0 {
        putBack(terminal, modes: saved)
        wf_die_of_signal(signal)
      }
      if wf_take_suspend_signal() != 0 {
        putBack(terminal, modes: saved)
        wf_stop_until_continued()
        take(terminal, modes: watching)
      }
      guard ready > 0, descriptors[0].revents & Int16(POLLIN) != 0 else { continue }
      let count = read(terminal, &buffer, buffer.count)
      guard count > 0 else { continue }
      let bytes = Array(buffer[0..<count])
      // A lone Esc is the key; an Esc that starts a sequence (an arrow) is kept for the viewer.
      if bytes.contains(UInt8(ascii: "q")) || bytes == [0x1B] {
        putBack(terminal, modes: saved)
        exit(quitStatus)
      }
      state.withLock { $0.typed += bytes }
    }
  }

  private func take(_ terminal: Int32, modes: termios) {
    var modes = modes
    tcsetattr(terminal, TCSANOW, &modes)
    write(terminal, "\r" + notice)
  }

  /// The modes as they were, and the notice's line cleared.
  private func putBack(_ terminal: Int32, modes: termios) {
    var modes = modes
    write(terminal, "\r\u{1B}[K")
    tcsetattr(terminal, TCSANOW, &modes)
  }

  private func write(_ terminal: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBufferPointer { Glibc.write(terminal, $0.baseAddress, $0.count) }
  }
}
