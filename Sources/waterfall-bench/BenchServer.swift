import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The tests' loopback picture server (127.0.0.1 only) in a child process; it also stops by itself after two
/// minutes, or when this process goes away and its input closes.
final class BenchServer {
  let port: Int
  private let process = Process()
  private let input = Pipe()

  init?(script: String) {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, "--lifetime", "120"]
    process.standardInput = input
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    var line: [UInt8] = []
    // The READY line; the server prints it as soon as it listens.
    while line.count < 100, let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != 10 {
      line.append(byte)
    }
    let words = String(decoding: line, as: UTF8.self).split(separator: " ")
    guard words.count == 3, words[0] == "READY", let port = Int(words[1]) else {
      process.terminate()
      return nil
    }
    self.port = port
  }

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

  /// A plain GET, waited for at most 10 s.
  static func get(_ address: String) -> Data? {
    let result = Mutex<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: address)!) { data, response, _ in
      if (response as? HTTPURLResponse)?.statusCode == 200 { result.withLock { $0 = data } }
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 10)
    return result.withLock { $0 }
  }
}
