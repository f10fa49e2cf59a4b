import Foundation
import Glibc
import Pictures

extension TerminalSession {
  /// Asks the terminal what it can draw (one batch of queries, ``GraphicsQueries``) and chooses with `choice`.
  /// Waits until DA1's answer, which comes last, or at most ``GraphicsQueries/longestWaitMilliseconds``; keys
  /// typed meanwhile are kept for the viewer, and no answer reaches the screen (echo is off) or the input.
  public func chooseGraphics(_ choice: GraphicsChoice, environment: [String: String]) -> GraphicsSetup {
    let inTmux = !(environment["TMUX"] ?? "").isEmpty
    var replies = TerminalReplies()
    if choice != .symbols && !inTmux {
      replies = queryTerminal()
    } else if inTmux {
      // tmux answers the queries itself; the terminal outside it is known by what tmux learnt of it.
      let outer = Self.tmuxFormat("#{client_termname} #{client_termtype}", environment: environment).lowercased()
      if outer.contains("kitty") { replies.kittyGraphics = true }
    }
    var pane: GraphicsSetup.TmuxPane?
    if inTmux, ["1", "on", "all"].contains(Self.tmuxFormat("#{allow-passthrough}", environment: environment)) {
      pane = Self.tmuxPaneCorner(environment: environment)
    }
    return GraphicsSetup.choose(
      choice, replies: replies, environment: environment, windowCellPixels: Self.windowCellPixels(), tmuxPane: pane)
  }

  private func queryTerminal() -> TerminalReplies {
    _ = GraphicsQueries.bytes.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
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
    let corner = tmuxFormat("#{pane_left} #{pane_top}", environment: environment).split(separator: " ")
    guard corner.count == 2, let x = Int(corner[0]), let y = Int(corner[1]) else { return nil }
    return GraphicsSetup.TmuxPane(x: x, y: y)
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
