import Foundation
import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The runner keeps one search of each purpose: a key typed over a search cancels it where it runs, and only the
/// latest answer is applied, whatever order the answers come in.
@Suite("The runner's searches: only the latest of each purpose")
struct RunnerCancellationTests {
  /// A catalogue whose searches wait until released (or cancelled), recording each: slow on purpose.
  final class HeldSearches: CatalogueSource, @unchecked Sendable {
    let base = ItemCatalogue(items: AppFixture.items(60), pageSize: 20)
    private let condition = NSCondition()
    private var released: Set<String> = []
    private(set) var cancelled: [String] = []
    private(set) var started: [String] = []

    func release(_ pattern: String) {
      condition.withLock {
        released.insert(pattern)
        condition.broadcast()
      }
    }

    func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]? {
      condition.withLock { started.append(pattern.pattern) }
      // Woken by a release, or looked at every millisecond for a cancellation.
      while condition.withLock({ !released.contains(pattern.pattern) }) {
        if cancellation.isCancelled {
          condition.withLock { cancelled.append(pattern.pattern) }
          return nil
        }
        usleep(1_000)
      }
      return base.findMatches(of: pattern, in: query)
    }

    var startedPatterns: [String] { condition.withLock { started } }
    var cancelledPatterns: [String] { condition.withLock { cancelled } }
    func fetch(_ request: CataloguePageRequest) -> CatalogueResponse { base.fetch(request) }
    func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
      base.findMatches(of: pattern, in: query)
    }
    func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { base.rank(of: item, in: query) }
    var progress: ReadingProgress { base.progress }
    var latencyMilliseconds: Int { 0 }
    func measure(_ request: MeasureRequest) -> MeasureResponse { base.measure(request) }
  }

  /// Steps the runner until `done` holds (at most two seconds).
  static func step(_ runner: Runner, until done: () -> Bool) {
    let deadline = Date(timeIntervalSinceNow: 2)
    while !done(), Date() < deadline {
      usleep(1_000)
      runner.step([])
    }
  }

  @Test("a key typed over a running search cancels it; the answer shown is the last text's, never an older one's")
  func latestAnswerOnly() {
    let source = HeldSearches()
    let viewer = Viewer(screenSize: GridSize(width: 60, height: 20), options: AppFixture.options())
    let runner = Runner(
      viewer: viewer, source: source, clock: WallClock(), executor: ThreadExecutor(), output: InMemoryOutput())
    runner.start()
    runner.step([.key(.character("/")), .key(.character("i"))])
    Self.step(runner) { source.startedPatterns == ["i"] }
    runner.step([.key(.character("t"))])
    Self.step(runner) { source.cancelledPatterns == ["i"] && source.startedPatterns.contains("it") }
    #expect(source.cancelledPatterns == ["i"], "the search typed over stopped where it ran")
    // The older text's answer, were it to come now, is not the search shown: only the latest is applied.
    source.release("i")
    source.release("it")
    Self.step(runner) { viewer.searching.search?.resultRanks != nil }
    #expect(viewer.searching.search?.query == ItemQuery("it"))
    #expect(viewer.searching.search?.resultRanks == source.base.findMatches(of: ItemQuery("it"), in: CatalogueQuery()))
  }
}
