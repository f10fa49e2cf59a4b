import Foundation
import Locking

/// The loopback picture server (Tests/PicturesTests/Server/picture_server.py, Python's ThreadingHTTPServer) in a
/// child process on 127.0.0.1, for the tests and the network benchmark. It stops when ``stop()`` closes its
/// input, when this process goes away, or after `lifetime` seconds at the latest.
public final class LoopbackPictureServer {
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  public let port: Int
  /// A port that accepts connections and never answers.
  public let silentPort: Int
  private let process = Process()
  private let input = Pipe()

  /// Starts `script` and waits at most 10 s for its `READY PORT SILENT-PORT` line.
  public init(script: String, lifetime: Int) throws(StartError) {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--lifetime", String(lifetime)]
    process.standardInput = input
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw StartError(description: "python3 \(script) did not start: \(error)")
    }
    let line = Self.readLine(from: output.fileHandleForReading, within: 10)
    let words = line?.split(separator: " ") ?? []
    guard words.count == 3, words[0] == "READY", let port = Int(words[1]), let silentPort = Int(words[2]) else {
      process.terminate()
      throw StartError(description: "the picture server did not start: \(line ?? "no answer")")
    }
    self.port = port
    self.silentPort = silentPort
  }

  deinit { stop() }

  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Stops the server and waits at most 5 s. Not Process.waitUntilExit alone: when the same process has started
  /// tmux, Foundation's Process may never see this child end, so the pid is reaped here too. Once Foundation has
  /// seen the end (`isRunning` false), `waitUntilExit` returns at once and drops the run-loop source that holds
  /// the Process (on Linux the two hold each other until then: without it every server's Process leaks).
  public func stop() {
    try? input.fileHandleForWriting.close()
    let pid = process.processIdentifier
    guard pid > 0 else { return }
    kill(pid, SIGTERM)
    var reapedAt: Int?
    for round in 0..<100 {
      if !process.isRunning {
        process.waitUntilExit()
        return
      }
      var status: Int32 = 0
      if reapedAt == nil, waitpid(pid, &status, WNOHANG) == pid || kill(pid, 0) != 0 { reapedAt = round }
      // Reaped here, Foundation sees the end within a few rounds, or never (the tmux case): then stop waiting.
      if let reapedAt, round - reapedAt >= 10 { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  private static func readLine(from handle: FileHandle, within seconds: Double) -> String? {
    let line = Locked<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var bytes: [UInt8] = []
      while bytes.count < 200 {
        guard let byte = handle.readData(ofLength: 1).first, byte != 10 else { break }
        bytes.append(byte)
      }
      line.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
      done.signal()
    }
    _ = done.wait(timeout: .now() + seconds)
    return line.withLock { $0 }
  }
}
