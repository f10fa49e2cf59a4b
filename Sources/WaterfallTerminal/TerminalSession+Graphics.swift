import Foundation
import Glibc
import Pictures

extension TerminalSession {
  /// How pictures reach this terminal (``GraphicsChooser``): `nil` when they stay symbols. The terminal is asked
  /// once (one batch of queries, ``GraphicsQueries``), waiting until DA1's answer, which comes last, or at most
  /// ``GraphicsQueries/longestWaitMilliseconds``; keys typed meanwhile are kept for the viewer, and no answer
  /// reaches the screen (echo is off) or the input. `picturesInColour`: whether the boxes show pictures in
  /// colour, without which nothing is asked.
  public func chooseGraphics(
    _ choice: GraphicsChoice, picturesInColour: Bool, environment: [String: String]
  ) -> GraphicsSetup? {
    GraphicsChooser.pixels(
      choice, picturesInColour: picturesInColour, environment: environment,
      asking: Questions(session: self, environment: environment))
  }

  /// The chooser's questions, put to this terminal and its tmux.
  private struct Questions: TerminalQuestions {
    let session: TerminalSession
    let environment: [String: String]

    func askTerminal() -> TerminalReplies { session.queryTerminal() }
    func askTmux(_ format: String) -> String { TerminalSession.tmuxFormat(format, environment: environment) }
    func windowCellPixels() -> CellPixelSize? { TerminalSession.windowCellPixels() }
  }

  private func queryTerminal() -> TerminalReplies { ask(GraphicsQueries.bytes) }

  /// Sends `queries` (DA1 last) and reads the answers until DA1's or the longest wait; keys typed meanwhile are
  /// kept for the viewer.
  func ask(_ queries: [UInt8]) -> TerminalReplies {
    _ = queries.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    var parser = TerminalReplyParser()
    var typed: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(GraphicsQueries.longestWaitMilliseconds) * 1_000_000
    while !parser.replies.isComplete {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { break }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(max(1, (deadline - now) / 1_000_000)))
      guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else {
        if ready < 0 && errno == EINTR { continue }
        break
      }
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      guard count > 0 else { break }
      typed += parser.feed(buffer[0..<count])
    }
    typed += parser.finish()
    input.keep(typedEarly: typed)
    return parser.replies
  }

  /// The cell size from the pixel fields of `TIOCGWINSZ`, when the terminal fills them in with a sane one.
  static func windowCellPixels() -> CellPixelSize? {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
      window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row
    else { return nil }
    return GraphicsSetup.sane(
      CellPixelSize(
        width: Int(window.ws_xpixel) / Int(window.ws_col), height: Int(window.ws_ypixel) / Int(window.ws_row)))
  }

  /// This tmux pane's top left corner on the terminal; `nil` when tmux does not say.
  static func tmuxPaneCorner(environment: [String: String]) -> GraphicsSetup.TmuxPane? {
    GraphicsSetup.TmuxPane(corner: tmuxFormat("#{pane_left} #{pane_top}", environment: environment))
  }

  /// A tmux format for this pane (reads only: the user's tmux settings are never changed); empty on failure.
  static func tmuxFormat(_ format: String, environment: [String: String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = ["tmux", "display-message", "-p"]
    if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
    process.arguments = arguments + [format]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return "" }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
