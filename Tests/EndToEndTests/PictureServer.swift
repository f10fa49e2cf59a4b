import Foundation

/// The picture tests' loopback server (Tests/PicturesTests/Server/picture_server.py) on 127.0.0.1, for the
/// end-to-end tests: it stops when `stop()` closes its input, when this process goes away, or after 90 s.
final class PictureServer {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PicturesTests/Server/picture_server.py").path

  let port: Int
  private let process = Process()
  private let input = Pipe()

  init() throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script, "--lifetime", "90"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line: [UInt8] = []
    // The READY line comes as soon as it listens; a server that died ends the read with end of file.
    while line.count < 100, let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != 10 {
      line.append(byte)
    }
    let words = String(decoding: line, as: UTF8.self).split(separator: " ")
    guard words.count == 3, words[0] == "READY", let port = Int(words[1]) else {
      process.terminate()
      throw TmuxError(message: "the picture server did not start: \(String(decoding: line, as: UTF8.self))")
    }
    self.port = port
  }

  deinit { stop() }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Stops the server and waits at most 5 s. Not Process.waitUntilExit: beside tmux's daemons, Foundation's
  /// Process may never see this child end (see ChildProcess), so the pid is polled.
  func stop() {
    try? input.fileHandleForWriting.close()
    let pid = process.processIdentifier
    guard pid > 0 else { return }
    kill(pid, SIGTERM)
    for _ in 0..<100 where kill(pid, 0) == 0 {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// A plist dataset of `items` (title, img) in `folder`; its path.
  static func writeDataset(_ items: [(title: String, img: String)], in folder: String) throws -> String {
    let entries = items.enumerated().map { index, item in
      ["title": item.title, "img": item.img, "price": "¥\(10 + index)", "w": 200, "h": 150] as [String: Any]
    }
    let data = try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
    let path = (folder as NSString).appendingPathComponent("1.plist")
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }
}
