import Dispatch
import Foundation
import Locking
import TestSupport
import Testing

@testable import Pictures
@testable import WebFetch

/// Picture fetches cancelled at random moments (before the answer, mid-body, as they complete) against the
/// loopback server with random delays and oversize bodies: no crash, no report from the sanitizers (this suite runs
/// under both in `make sanitize`), and every request ends in exactly one outcome. FoundationNetworking's URLSession
/// trapped on such a race (a cancel landing while its task completed); this is the test that would have caught it.
@Suite("Picture fetches cancelled at random moments")
struct FetchCancellationStressTests {
  /// What happened to each waiter: the reports it got, and whether it was cancelled.
  final class Ledger: Sendable {
    struct Entry {
      var reports = 0
      var delivered = false
      var cancelled = false
    }
    let entries = Locked<[UInt64: Entry]>([:])
    /// Bodies delivered that were not pictures (none should be).
    let notPictures = Locked(0)

    func report(_ waiters: Set<UInt64>, delivered: Bool) {
      entries.withLock { entries in
        for waiter in waiters {
          entries[waiter, default: Entry()].reports += 1
          entries[waiter]?.delivered = delivered
        }
      }
    }
  }

  static var requests: Int {
    ProcessInfo.processInfo.environment["WATERFALL_FETCH_STRESS"].flatMap { Int($0) } ?? 10_000
  }

  @Test("10,000 fetches, two in three cancelled at a random moment, each end in exactly one outcome")
  func cancelledAtRandomMoments() throws {
    let server = try LoopbackServer(lifetime: 900)
    var network = NetworkConfiguration()
    network.maximumBodyBytes = 64 << 10
    network.connectTimeout = .seconds(60)
    network.totalTimeout = .seconds(120)
    network.requestsPerHost = 8
    // The server never fails to answer; a host marked down would fail later fetches at once and test less.
    network.firstRetryDelay = .zero
    network.longestRetryDelay = .zero
    let fetcher = HTTPFetcher(configuration: network)
    let ledger = Ledger()
    fetcher.setCompletion { _, outcome, waiters in
      if case .success(let bytes) = outcome, PictureSniffer.problem(with: bytes) != nil {
        ledger.notPictures.withLock { $0 += 1 }
      }
      ledger.report(waiters, delivered: (try? outcome.get()) != nil)
    }
    var random = SeededGenerator(seed: 35)
    let total = Self.requests
    let cancels = DispatchQueue(label: "cancels", attributes: .concurrent)
    for index in 0..<total {
      let waiter = UInt64(index)
      // Every seventh body is past the limit; a few URLs are shared, so one fetch has several waiters.
      let url =
        index % 7 == 0
        ? server.url("/huge?mb=1&n=\(index)")
        : server.url("/picture/s\(index % 500 == 1 ? 1 : index).png?delay=\(Int.random(in: 0...15, using: &random))")
      // Enough in flight that cancels meet every stage, few enough that the server keeps up.
      #expect(waitUntil(seconds: 300) { fetcher.inFlight < 24 }, "the fetcher drained at \(index)")
      fetcher.fetch(url, waiter: waiter, priority: .visible)
      let moment = Int.random(in: 0..<6, using: &random)
      guard moment < 4 else { continue }
      let cancel: @Sendable () -> Void = {
        ledger.entries.withLock { $0[waiter, default: .init()].cancelled = true }
        fetcher.cancel(url, waiter: waiter)
      }
      switch moment {
      case 0: cancel()  // before it starts, or as it does
      case 1: cancels.async(execute: cancel)  // from another thread, racing the start
      default:
        cancels.asyncAfter(
          deadline: .now() + .microseconds(Int.random(in: 0...20_000, using: &random)), execute: cancel)
      }
    }
    let settled = waitUntil(seconds: 600) {
      fetcher.inFlight == 0
        && ledger.entries.withLock { $0.count == total && $0.values.allSatisfy { $0.cancelled || $0.reports > 0 } }
    }
    cancels.sync(flags: .barrier) {}
    #expect(settled, "every fetch ended")
    let entries = ledger.entries.withLock { $0 }
    let twice = entries.filter { $0.value.reports > 1 }
    #expect(twice.isEmpty, "waiters told twice: \(twice.keys.sorted().prefix(10))")
    let delivered = entries.values.filter { $0.reports == 1 && $0.delivered }.count
    let failed = entries.values.filter { $0.reports == 1 && !$0.delivered }.count
    let cancelled = entries.values.filter { $0.reports == 0 && $0.cancelled }.count
    #expect(delivered + failed + cancelled == total, "\(delivered) delivered, \(failed) failed, \(cancelled) cancelled")
    #expect(ledger.notPictures.withLock { $0 } == 0, "every body delivered is a picture")
    #expect(delivered > total / 10 && failed > total / 50 && cancelled > total / 10)
    fetcher.shutDown()
  }
}
