import Foundation
import Locking
import Pictures

/// Fetches picture bytes over http(s) (``WebGet``, each fetch a task of its own), off the decode workers: one request per URL however many
/// items want it, at most `requestsPerHost` per host and `requestsInAll` at once (visible pictures first), each
/// within its time limits and body limit, the body sniffed as it arrives. The picture loader's fetcher
/// (``PictureFetcher``: every fetch ends exactly once, through the completion).
public final class HTTPFetcher: PictureFetcher {
  /// For ``PictureLoader/Configuration/makeFetcher``.
  public static let maker: @Sendable (NetworkConfiguration) -> any PictureFetcher = { HTTPFetcher(configuration: $0) }

  struct Fetch: Sendable {
    var url: String
    var host: String
    var priority: PicturePriority
    var waiters: Set<UInt64>
    var serial: UInt64
    var task: Task<Void, Never>?
    var receivedBytes = 0
    var expectedBytes: Int64 = -1
  }

  struct State: Sendable {
    var pending: [Fetch] = []
    var active: [UInt64: Fetch] = [:]
    var activePerHost: [String: Int] = [:]
    var nextSerial: UInt64 = 0
    var closed = false
    /// The most fetches that were under way at once.
    var mostActive = 0
    /// Hosts that could not be reached, and when to try them again: other pictures from them fail at once.
    var downHosts: FailureBackoff<String>
  }

  let configuration: NetworkConfiguration
  private let completion = Locked<Completion?>(nil)
  let state: Locked<State>

  public init(configuration: NetworkConfiguration) {
    self.configuration = configuration
    state = Locked(State(downHosts: FailureBackoff(configuration)))
  }

  public func setCompletion(_ completion: Completion?) { self.completion.withLock { $0 = completion } }

  private func report(_ url: String, _ outcome: Result<[UInt8], PictureFailure>, _ waiters: Set<UInt64>) {
    completion.withLock { $0 }?(url, outcome, waiters)
  }

  public func fetch(_ url: String, waiter: UInt64, priority: PicturePriority) {
    let host = Self.host(of: url)
    let refused: PictureFailure? = state.withLock { state in
      if state.closed { return PictureFailure(.network, "the loader has shut down") }
      if let down = state.downHosts.failure(for: host) {
        return PictureFailure(down.kind, "\(down.reason) (the host failed a moment ago): \(RedactedURL.text(url))")
      }
      if let serial = state.active.first(where: { $0.value.url == url })?.key {
        state.active[serial]?.waiters.insert(waiter)
      } else if let index = state.pending.firstIndex(where: { $0.url == url }) {
        state.pending[index].waiters.insert(waiter)
        state.pending[index].priority = max(state.pending[index].priority, priority)
      } else {
        state.nextSerial += 1
        state.pending.append(
          Fetch(url: url, host: host, priority: priority, waiters: [waiter], serial: state.nextSerial))
      }
      return nil
    }
    if let refused {
      report(url, .failure(refused), [waiter])
    } else {
      startWhatFits()
    }
  }

  public func raisePriority(of url: String, to priority: PicturePriority) {
    state.withLock { state in
      guard let index = state.pending.firstIndex(where: { $0.url == url }) else { return }
      state.pending[index].priority = max(state.pending[index].priority, priority)
    }
  }

  /// Takes `waiter` off the fetch of `url`; a fetch nobody waits for any more is stopped, unless most of it has
  /// arrived: that one lands in the disk cache only.
  public func cancel(_ url: String, waiter: UInt64) {
    let stopped: Task<Void, Never>? = state.withLock { state in
      if let index = state.pending.firstIndex(where: { $0.url == url }) {
        state.pending[index].waiters.remove(waiter)
        if state.pending[index].waiters.isEmpty { state.pending.remove(at: index) }
        return nil
      }
      guard let serial = state.active.first(where: { $0.value.url == url })?.key,
        var fetch = state.active[serial]
      else { return nil }
      fetch.waiters.remove(waiter)
      state.active[serial] = fetch
      let nearlyDone = fetch.expectedBytes > 0 && Int64(fetch.receivedBytes) * 4 >= fetch.expectedBytes * 3
      guard fetch.waiters.isEmpty, !nearlyDone else { return nil }
      release(serial, in: &state)
      return fetch.task
    }
    stopped?.cancel()
    if stopped != nil { startWhatFits() }
  }

  public func shutDown() {
    let ended: [Fetch] = state.withLock { state in
      state.closed = true
      let ended = state.pending + Array(state.active.values)
      state.pending.removeAll()
      state.active.removeAll()
      state.activePerHost.removeAll()
      return ended
    }
    for fetch in ended { fetch.task?.cancel() }
    for fetch in ended where !fetch.waiters.isEmpty {
      report(fetch.url, .failure(PictureFailure(.network, "the loader has shut down")), fetch.waiters)
    }
  }

  /// Starts pending fetches, the most urgent first, while the limits allow. Each runs in a task of its own, made
  /// under the lock so that it cannot end before it is on the books.
  func startWhatFits() {
    state.withLock { state in
      while state.active.count < configuration.requestsInAll {
        let candidates = state.pending.indices.filter {
          state.activePerHost[state.pending[$0].host, default: 0] < configuration.requestsPerHost
        }
        guard var best = candidates.first else { break }
        for index in candidates where state.pending[index].priority > state.pending[best].priority { best = index }
        var fetch = state.pending.remove(at: best)
        let (serial, url) = (fetch.serial, fetch.url)
        var get = WebGet(network: configuration, accept: "image/jpeg, image/png, image/webp, image/gif")
        get.sniffsPicture = true
        get.progress = { [self] received, expected in
          self.state.withLock { state in
            state.active[serial]?.receivedBytes = received
            state.active[serial]?.expectedBytes = expected
          }
        }
        fetch.task = get.start(url) { [self] outcome in
          switch outcome {
          case .success(let answer): finish(serial, .success(answer.body))
          case .failure(let failure): finish(serial, .failure(failure.failure), hostDown: failure.hostDown)
          }
        }
        state.active[fetch.serial] = fetch
        state.activePerHost[fetch.host, default: 0] += 1
        state.mostActive = max(state.mostActive, state.active.count)
      }
    }
  }

  /// Ends fetch `serial` once: its slot freed, its task stopped, its waiters told. Failure reasons get the URL.
  /// When the host itself could not be reached (`hostDown`), the fetches waiting for it fail now too.
  func finish(_ serial: UInt64, _ outcome: Result<[UInt8], PictureFailure>, hostDown: Bool = false) {
    guard
      let (fetch, skipped) = state.withLock({ state -> (Fetch, [Fetch])? in
        guard let fetch = state.active[serial] else { return nil }
        release(serial, in: &state)
        return (fetch, noteHost(of: fetch, outcome, down: hostDown, in: &state))
      })
    else { return }
    let shown = outcome.mapError { PictureFailure($0.kind, "\($0.reason): \(RedactedURL.text(fetch.url))") }
    report(fetch.url, shown, fetch.waiters)
    if case .failure(let failure) = outcome {
      for other in skipped {
        let reason = "\(failure.reason) (the host failed a moment ago): \(RedactedURL.text(other.url))"
        report(other.url, .failure(PictureFailure(failure.kind, reason)), other.waiters)
      }
    }
    startWhatFits()
  }

  public var mostAtOnce: Int { state.withLock { $0.mostActive } }

  /// Fetches waiting or under way.
  var inFlight: Int { state.withLock { $0.pending.count + $0.active.count } }

  public func progress(of url: String) -> (received: Int, expected: Int64)? {
    state.withLock { state in
      state.active.values.first { $0.url == url }.map { ($0.receivedBytes, $0.expectedBytes) }
    }
  }

  private func release(_ serial: UInt64, in state: inout State) {
    guard let fetch = state.active.removeValue(forKey: serial) else { return }
    state.activePerHost[fetch.host, default: 1] -= 1
    if state.activePerHost[fetch.host] == 0 { state.activePerHost[fetch.host] = nil }
  }
}
