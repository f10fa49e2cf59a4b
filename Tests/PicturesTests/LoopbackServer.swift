import Foundation
import Locking
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test server, started from this folder's Server/picture_server.py.
typealias LoopbackServer = LoopbackPictureServer

extension LoopbackPictureServer {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Server/picture_server.py").path

  convenience init(lifetime: Int = 90) throws {
    try self.init(script: Self.script, lifetime: lifetime)
  }

  /// How many times each path was asked for, and the most picture requests the server had at once.
  func counts() -> (byPath: [String: Int], mostAtOnce: Int) {
    guard let data = Self.get(url("/__counts")),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return ([:], -1) }
    let counts = (object["counts"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
    return (counts, (object["most_at_once"] as? NSNumber)?.intValue ?? -1)
  }

  /// Waits until the server has been asked for `path` `count` times (at most `seconds`); whether it had.
  func waitFor(path: String, count: Int = 1, seconds: Int = 60) -> Bool {
    wait([URLQueryItem(name: "path", value: path), URLQueryItem(name: "count", value: "\(count)")], seconds)
  }

  /// Waits until `count` picture requests are in flight at once (at most `seconds`); whether they were.
  func waitFor(atOnce count: Int, seconds: Int = 60) -> Bool {
    wait([URLQueryItem(name: "at_once", value: "\(count)")], seconds)
  }

  /// Lets the pictures asked for with `hold=key` be answered.
  func release(_ key: String) {
    _ = Self.get(url("/__release?key=\(key)"))
  }

  private func wait(_ condition: [URLQueryItem], _ seconds: Int) -> Bool {
    var address = URLComponents(string: url("/__wait"))!
    address.queryItems = condition + [URLQueryItem(name: "timeout", value: "\(seconds)")]
    return Self.answer(address.url!.absoluteString, seconds: Double(seconds) + 5)?.status == 200
  }

  /// A plain GET of at most `seconds`, for the counters.
  static func get(_ address: String, seconds: Double = 5) -> Data? {
    answer(address, seconds: seconds)?.data
  }

  private static func answer(_ address: String, seconds: Double) -> (data: Data, status: Int)? {
    let result = LockedBox<(data: Data, status: Int)?>(nil)
    let done = DispatchSemaphore(value: 0)
    var request = URLRequest(url: URL(string: address)!)
    request.timeoutInterval = seconds
    URLSession.shared.dataTask(with: request) { data, response, _ in
      if let data, let status = (response as? HTTPURLResponse)?.statusCode { result.set((data, status)) }
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + seconds + 1)
    return result.get()
  }
}

/// A value shared with callbacks on other threads.
final class LockedBox<Value: Sendable>: Sendable {
  private let value: Locked<Value>
  init(_ value: Value) { self.value = Locked(value) }
  func get() -> Value { value.withLock { $0 } }
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
