import Foundation

/// tmux on a private server (`-L`, no configuration), showing a file's bytes in a pane of a given size: the
/// reference screen that the emulator and the viewer are measured against (docs/conventions.md).
public enum TmuxReference {
  public static let isAvailable = (try? run(["-V"])) != nil

  /// What the pane shows once `cat` has written every byte.
  public struct Capture: Sendable {
    /// The lines as text, trailing spaces trimmed (`capture-pane -p`).
    public var lines: [String]
    /// The lines with their colours and attributes as SGR sequences, trailing spaces kept (`capture-pane -p -e -N`):
    /// each line's attributes go on from the line before it.
    public var styledLines: [String]
    /// The cursor's column and row.
    public var cursor: (column: Int, row: Int)
  }

  public static func screen(of bytes: String, width: Int, height: Int) throws -> Capture {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-ref-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bytes")
    try Data(bytes.utf8).write(to: file)
    let socket = "wf-ref-\(UUID().uuidString.prefix(8))"
    func tmux(_ arguments: [String]) throws -> String { try run(["-L", socket, "-f", "/dev/null"] + arguments) }
    defer { _ = try? tmux(["kill-server"]) }
    // The pane tells the server when `cat` has ended (`wait-for -S`); the test waits for that, 10 s at most.
    let channel = "\(socket)-done"
    _ = try tmux([
      "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "ref",
      // No echo: a program's queries (a cursor position report) are answered by tmux into the pane's input.
      "stty -echo; cat '\(file.path)'; tmux wait-for -S \(channel); exec sleep 60",
    ])
    _ = try run(["-L", socket, "wait-for", channel], timeout: 10)
    // tmux may still be drawing what it read: two captures a moment apart agree.
    var last = try tmux(["capture-pane", "-p", "-e", "-N", "-t", "ref"])
    for _ in 0..<20 {
      Thread.sleep(forTimeInterval: 0.1)
      let capture = try tmux(["capture-pane", "-p", "-e", "-N", "-t", "ref"])
      if capture == last { break }
      last = capture
    }
    func lines(_ capture: String) -> [String] {
      var lines = capture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      return lines
    }
    let cursor = try tmux(["display-message", "-p", "-t", "ref", "#{cursor_x},#{cursor_y}"])
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
    return Capture(
      lines: lines(try tmux(["capture-pane", "-p", "-t", "ref"])), styledLines: lines(last),
      cursor: (cursor.first ?? -1, cursor.last ?? -1))
  }

  public struct Failure: Error, CustomStringConvertible { public var description: String }

  /// Runs tmux (under `timeout`) and returns its output, through a file: the server the first call starts keeps
  /// its standard output, and Foundation's Process waited for it.
  @discardableResult
  public static func run(_ arguments: [String], timeout: Int = 30) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    // A UTF-8 locale: a tmux client started in "C" would capture wide characters as underscores.
    let status = try ChildProcess.run(
      ["env", "LC_ALL=C.UTF-8", "timeout", "\(timeout)", "tmux"] + arguments, outputPath: output)
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")) (status \(status)): \(text)")
    }
    return text
  }
}
