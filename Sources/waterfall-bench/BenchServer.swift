import Foundation
import Locking
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The tests' loopback picture server (127.0.0.1 only) for the network benchmark; it also stops by itself after
/// two minutes, or when this process goes away and its input closes.
enum BenchServer {
  static func start(script: String) -> LoopbackPictureServer? {
    try? LoopbackPictureServer(script: script, lifetime: 120)
  }

  /// A plain GET, waited for at most 10 s.
  static func get(_ address: String) -> Data? {
    let result = Locked<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: address)!) { data, response, _ in
      if (response as? HTTPURLResponse)?.statusCode == 200 { result.withLock { $0 = data } }
      done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + 10)
    return result.withLock { $0 }
  }
}
