/// The paging source behind the viewer: serves a dataset's pages one at a time, with failures injected
/// deterministically from a seed, optionally cycling forever as the originals' demo does (`dataIndex % 3 + 1`).
///
/// Pure: the caller adds latency and threads. Whether a fetch fails depends only on the seed, the page and the
/// attempt, so a run can be replayed.
public struct PageFeed: Sendable {
  public enum Response: Hashable, Sendable {
    /// The page's items, and whether another page follows.
    case page(items: [ShopItem], hasMore: Bool)
    case failure(reason: String)
  }

  public let pages: [[ShopItem]]
  /// Probability from 0 to 1 that a fetch fails.
  public let failureRate: Double
  public let seed: UInt64
  /// After the last page, start again from the first, forever.
  public let loops: Bool

  public init(pages: [[ShopItem]], failureRate: Double = 0, seed: UInt64 = 0, loops: Bool = false) {
    self.pages = pages.filter { !$0.isEmpty }
    self.failureRate = min(1, max(0, failureRate.isFinite ? failureRate : 0))
    self.seed = seed
    self.loops = loops
  }

  /// Fetches page `page` (counting from 0; with looping, any page number) on attempt `attempt` (from 0).
  public func fetch(page: Int, attempt: Int) -> Response {
    if failureRate > 0, unitNoise(page: page, attempt: attempt) < failureRate {
      return .failure(reason: "simulated network failure (page \(page + 1), attempt \(attempt + 1))")
    }
    guard !pages.isEmpty, page >= 0, loops || page < pages.count else { return .page(items: [], hasMore: false) }
    return .page(items: pages[page % pages.count], hasMore: loops || page + 1 < pages.count)
  }

  /// A number in [0, 1) from (seed, page, attempt): SplitMix64's finaliser over the three mixed together.
  private func unitNoise(page: Int, attempt: Int) -> Double {
    var mixed = seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: page &+ 1)
    mixed ^= UInt64(truncatingIfNeeded: attempt) &* 0xD6E8_FEB8_6659_FD93
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    mixed ^= mixed >> 31
    return Double(mixed >> 11) / Double(UInt64(1) << 53)
  }
}
