import Foundation
import Pictures

/// The fetcher's limits: hosts (by host and port) and hosts that could not be reached (the time-outs are WebGet's).
extension HTTPFetcher {
  /// Limits apply per host and port, as browsers group connections.
  static func host(of url: String) -> String {
    URL(string: url).map { "\($0.host?.lowercased() ?? ""):\($0.port ?? -1)" } ?? url
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
