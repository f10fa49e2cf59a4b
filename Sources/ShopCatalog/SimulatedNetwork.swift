/// Any source as if it were far away: each page waits out a latency, and fetches fail deterministically from a
/// seed, as the originals' demo does (`--latency`, `--fail-rate`, `--seed`). Whether a fetch fails depends only on
/// the seed, the page number and the attempt, so a run can be replayed.
public struct SimulatedNetwork: CatalogueSource {
  public let base: any CatalogueSource
  public let latencyMilliseconds: Int
  /// Probability from 0 to 1 that a fetch fails.
  public let failureRate: Double
  public let seed: UInt64

  public init(_ base: any CatalogueSource, latencyMilliseconds: Int = 0, failureRate: Double = 0, seed: UInt64 = 0) {
    self.base = base
    self.latencyMilliseconds = max(0, latencyMilliseconds)
    self.failureRate = min(1, max(0, failureRate.isFinite ? failureRate : 0))
    self.seed = seed
  }

  public func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    if fails(page: request.pageNumber, attempt: request.attempt) {
      return .failure(
        reason: "simulated network failure (page \(request.pageNumber + 1), attempt \(request.attempt + 1))")
    }
    return base.fetch(request)
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]? {
    base.findMatches(of: pattern, in: query, cancellation: cancellation)
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    base.findMatches(of: pattern, in: query)
  }

  public func countMatches(of pattern: ItemQuery, cancellation: WorkCancellation) -> Int? {
    base.countMatches(of: pattern, cancellation: cancellation)
  }

  public func facet(
    _ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation
  ) -> FacetCounts? {
    base.facet(field, in: query, limit: limit, cancellation: cancellation)
  }

  public func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { base.rank(of: item, in: query) }

  public var progress: ReadingProgress { base.progress }

  /// Measuring waits out the latency too (the runner), but never fails: it reads no pages.
  public func measure(_ request: MeasureRequest) -> MeasureResponse { base.measure(request) }

  /// Whether the fetch of page `page` (from 0) fails on attempt `attempt` (from 0).
  public func fails(page: Int, attempt: Int) -> Bool {
    failureRate > 0 && unitNoise(page: page, attempt: attempt) < failureRate
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
