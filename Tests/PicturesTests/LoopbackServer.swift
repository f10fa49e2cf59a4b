import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test server (Server/picture_server.py, Python's ThreadingHTTPServer) in a child process on 127.0.0.1: it
/// stops when `stop()` closes its input, when this process goes away, or after `lifetime` seconds at the latest.
final class LoopbackServer {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Server/picture_server.py").path

  let port: Int
  /// A port that accepts connections and never answers.
  let silentPort: Int
  private let process: Process
  private let input: Pipe

  init(lifetime: Int = 90) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Self.script, "--lifetime", String(lifetime)]
    input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // The READY line, waited for at most 10 s.
    let line = Self.readLine(from: output.fileHandleForReading, within: 10)
    let words = line?.split(separator: " ") ?? []
    guard words.count == 3, words[0] == "READY", let port = Int(words[1]), let silentPort = Int(words[2]) else {
      process.terminate()
      throw ServerError.didNotStart(line ?? "no answer")
    }
    self.port = port
    self.silentPort = silentPort
  }

  deinit { stop() }

  enum ServerError: Error { case didNotStart(String) }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Stops the server and waits at most 5 s. Not Process.waitUntilExit: when the same process has started tmux,
  /// Foundation's Process may never see this child end, so the pid is polled.
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

  /// How many times each path was asked for, and the most picture requests the server had at once.
  func counts() -> (byPath: [String: Int], mostAtOnce: Int) {
    guard let data = Self.get(url("/__counts")),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return ([:], -1) }
    let counts = (object["counts"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
    return (counts, (object["most_at_once"] as? NSNumber)?.intValue ?? -1)
  }

  /// A plain GET of at most 5 s, for the counters.
  static func get(_ address: String) -> Data? {
    let result = LockedBox<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    var request = URLRequest(url: URL(string: address)!)
    request.timeoutInterval = 5
    URLSession.shared.dataTask(with: request) { data, _, _ in
      result.set(data)
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 6)
    return result.get()
  }

  private static func readLine(from handle: FileHandle, within seconds: Double) -> String? {
    let line = LockedBox<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var bytes: [UInt8] = []
      while bytes.count < 200 {
        let chunk = handle.readData(ofLength: 1)
        guard let byte = chunk.first, byte != 10 else { break }
        bytes.append(byte)
      }
      line.set(String(decoding: bytes, as: UTF8.self))
      done.signal()
    }
    _ = done.wait(timeout: .now() + seconds)
    return line.get()
  }
}

/// A value shared with callbacks on other threads.
final class LockedBox<Value: Sendable>: Sendable {
  private let value: Mutex<Value>
  init(_ value: Value) { self.value = Mutex(value) }
  func get() -> Value { value.withLock { $0 } }
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
