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
}

/// A value shared with callbacks on other threads.
final class LockedBox<Value: Sendable>: Sendable {
  private let value: Locked<Value>
  init(_ value: Value) { self.value = Locked(value) }
  func get() -> Value { value.withLock { $0 } }
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
