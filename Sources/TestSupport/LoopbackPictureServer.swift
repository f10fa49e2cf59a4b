import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback picture server (Tests/PicturesTests/Server/picture_server.py, Python's ThreadingHTTPServer) in a
/// child process on 127.0.0.1 (or another loopback address: Linux routes all of 127/8 to lo), for the tests and
/// the network benchmark. It stops when ``stop()`` closes its
/// input, when this process goes away, or after `lifetime` seconds at the latest.
public final class LoopbackPictureServer {
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The loopback address it listens on.
  public let host: String
  public let port: Int
  /// A port that accepts connections and never answers.
  public let silentPort: Int
  private let process = Process()
  private let input = Pipe()

  /// The server's script in this checkout, found from this file's place.
  public static let pictureServerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/PicturesTests/Server/picture_server.py").path

  /// Starts the picture server's script (see ``init(script:lifetime:host:squid:)``).
  public convenience init(lifetime: Int = 90, host: String = "127.0.0.1", squid: Bool = false) throws(StartError) {
    try self.init(script: Self.pictureServerScript, lifetime: lifetime, host: host, squid: squid)
  }

  /// Starts `script` on `host` and waits at most 10 s for its `READY PORT SILENT-PORT` line. `squid`: as a proxy,
  /// it tunnels (CONNECT) to port 443 only, as a default squid does, and forwards plain-http GETs.
  public init(script: String, lifetime: Int, host: String = "127.0.0.1", squid: Bool = false) throws(StartError) {
    let output = Pipe()
    self.host = host
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", script, "--lifetime", String(lifetime), "--host", host] + (squid ? ["--squid"] : [])
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

  public func url(_ path: String) -> String { "http://\(host):\(port)\(path)" }

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

  // MARK: - Asking the server what it saw, and telling it what to do

  /// How many times each path was asked for, and the most picture requests the server had at once.
  public func counts() -> (byPath: [String: Int], mostAtOnce: Int) {
    guard let data = Self.get(url("/__counts")),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return ([:], -1) }
    let counts = (object["counts"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
    return (counts, (object["most_at_once"] as? NSNumber)?.intValue ?? -1)
  }

  /// Waits until the server has been asked for `path` `count` times (at most `seconds`); whether it had.
  public func waitFor(path: String, count: Int = 1, seconds: Int = 60) -> Bool {
    wait([URLQueryItem(name: "path", value: path), URLQueryItem(name: "count", value: "\(count)")], seconds)
  }

  /// Waits until `count` picture requests are in flight at once (at most `seconds`); whether they were.
  public func waitFor(atOnce count: Int, seconds: Int = 60) -> Bool {
    wait([URLQueryItem(name: "at_once", value: "\(count)")], seconds)
  }

  /// Lets the pictures asked for with `hold=key` be answered.
  public func release(_ key: String) {
    _ = Self.get(url("/__release?key=\(key)"))
  }

  private func wait(_ condition: [URLQueryItem], _ seconds: Int) -> Bool {
    var address = URLComponents(string: url("/__wait"))!
    address.queryItems = condition + [URLQueryItem(name: "timeout", value: "\(seconds)")]
    return Self.answer(address.url!.absoluteString, seconds: Double(seconds) + 5)?.status == 200
  }

  /// A plain GET of at most `seconds`, for the counters.
  public static func get(_ address: String, seconds: Double = 5) -> Data? {
    answer(address, seconds: seconds)?.data
  }

  private static func answer(_ address: String, seconds: Double) -> (data: Data, status: Int)? {
    let result = Locked<(data: Data, status: Int)?>(nil)
    let done = DispatchSemaphore(value: 0)
    var request = URLRequest(url: URL(string: address)!)
    request.timeoutInterval = seconds
    URLSession.shared.dataTask(with: request) { data, response, _ in
      if let data, let status = (response as? HTTPURLResponse)?.statusCode { result.withLock { $0 = (data, status) } }
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + seconds + 1)
    return result.withLock { $0 }
  }

  /// Takes the feeds asked for with `outage=key` down (every page answers 503) or brings them back.
  public func outage(_ key: String, down: Bool) {
    _ = Self.get(url("/__outage?key=\(key)&on=\(down ? 1 : 0)"))
  }

  /// Puts one more new item at the front of the feeds asked for with `live=key`.
  public func prepend(_ key: String) {
    _ = Self.get(url("/__prepend?key=\(key)"))
  }
}
