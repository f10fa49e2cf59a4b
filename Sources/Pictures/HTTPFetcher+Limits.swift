import Dispatch
import Foundation

/// The fetcher's limits: hosts (by host and port), time-outs, and hosts that could not be reached.
extension HTTPFetcher {
  /// Limits apply per host and port, as browsers group connections.
  static func host(of url: String) -> String {
    URL(string: url).map { "\($0.host?.lowercased() ?? ""):\($0.port ?? -1)" } ?? url
  }

  /// No answer within `connectTimeout` of starting (or of a redirect: `hop` counts them) ends the fetch.
  func watchAnswer(_ serial: UInt64, hop: Int) {
    let answer = DispatchTime.now() + .nanoseconds(Int(clamping: configuration.connectTimeout.nanoseconds))
    DispatchQueue.global().asyncAfter(deadline: answer) { [self] in
      let waiting = state.withLock { $0.active[serial].map { !$0.answered && $0.redirects == hop } ?? false }
      if waiting {
        let failure = PictureFailure(.timedOut, "no answer within \(configuration.connectTimeout)")
        finish(serial, .failure(failure), hostDown: true)
      }
    }
  }

  /// Not done within `totalTimeout` ends the fetch.
  func watchTotal(_ serial: UInt64) {
    let total = DispatchTime.now() + .nanoseconds(Int(clamping: configuration.totalTimeout.nanoseconds))
    DispatchQueue.global().asyncAfter(deadline: total) { [self] in
      finish(serial, .failure(PictureFailure(.timedOut, "not fetched within \(configuration.totalTimeout)")))
    }
  }

  /// Remembers a host that could not be reached, with a delay that doubles while it stays down, and takes its
  /// pending fetches off the queue; a host that answered is forgotten.
  func noteHost(
    of fetch: Fetch, _ outcome: Result<[UInt8], PictureFailure>, down: Bool, in state: inout State
  ) -> [Fetch] {
    guard down, case .failure(let failure) = outcome else {
      if case .success = outcome { state.downHosts.succeeded(fetch.host) }
      return []
    }
    state.downHosts.failed(fetch.host, failure)
    let skipped = state.pending.filter { $0.host == fetch.host }
    state.pending.removeAll { $0.host == fetch.host }
    return skipped
  }
}
