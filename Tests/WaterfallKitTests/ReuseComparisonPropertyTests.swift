import TestSupport
import Testing
import WaterfallKit

/// The originals' queries as the inspector runs them, against brute force over the same frames: what each finds,
/// examines and misses, and its own pool's accounting.
@Suite("The originals' queries beside ours, against brute force")
struct ReuseComparisonPropertyTests {
  static let cases = (1...120).map { LayoutCase(seed: UInt64($0) &* 104_729) }

  @Test(
    "over scrolls and jumps, each query finds what brute force finds but for the index window's misses",
    arguments: cases)
  func againstBruteForce(_ input: LayoutCase) {
    let layout = WaterfallLayout(input.configuration, heights: input.heights)
    let frames = Oracle.frames(layout)
    var random = SeededGenerator(seed: input.seed)
    var comparison = ReuseComparison()
    var window = Set<Int>()
    var totals = [ReuseComparison.Query: ReuseComparison.Counts]()
    let viewHeight = Int.random(in: 3...40, using: &random)
    var top = 0
    for _ in 0..<30 {
      // Mostly a step of a few rows, sometimes a jump anywhere (where the index window's ±8×columns falls short).
      top =
        Int.random(in: 0..<5, using: &random) == 0
        ? Int.random(in: 0...max(0, layout.contentHeight), using: &random)
        : max(0, top + Int.random(in: -6...6, using: &random))
      let rect = GridRect(x: 0, y: top, width: input.configuration.width, height: viewHeight)
      comparison.pass(layout, visibleRect: rect)
      let truth = frames.indices.filter { frames[$0].intersects(rect) }

      // The index window, by its own rules written again here: keep, look ±8×columns, else everything.
      window = window.filter { frames[$0].intersects(rect) }
      let buffer = 8 * layout.columnCount
      let range =
        window.isEmpty
        ? 0..<frames.count : max(0, window.min()! - buffer)..<min(frames.count, window.max()! + buffer + 1)
      for index in range where frames[index].intersects(rect) { window.insert(index) }

      for track in comparison.tracks {
        let expectedMissed = track.query == .indexWindow ? truth.filter { !window.contains($0) } : []
        #expect(track.missedItems == expectedMissed, "\(input) \(track.query) at \(rect)")
        let counts = track.lastPass
        #expect(counts.created + counts.reused == counts.asked, "every cell asked for is created or reused")
        switch track.query {
        case .fullScan: #expect(counts.examined == frames.count)
        case .chunks:
          let chunkCount = (frames.count + 19) / 20
          let meeting = stride(from: 0, to: frames.count, by: 20).filter { start in
            frames[start..<min(frames.count, start + 20)].contains { $0.intersects(rect) }
          }
          // Every union, then the items of each chunk whose union meets the rect (at least those with an item in it).
          #expect(counts.examined >= chunkCount + meeting.count * 1)
          #expect(counts.examined <= chunkCount + frames.count)
        case .ours:
          #expect(counts.examined >= truth.count && counts.examined <= frames.count + layout.columnCount * 70)
        case .indexWindow: #expect(counts.examined >= 0)
        }
        totals[track.query] = track.total
      }
    }
    #expect(comparison.passes == 30)
    // A pool is only spent as cells leave: what was reused never exceeds what was asked for before.
    for (query, total) in totals { #expect(total.reused <= total.asked, "\(query)") }
  }

  @Test(
    "a page that keeps a few items in view and moves further than ±8×columns: the index window misses the rest; the others find all"
  )
  func pageMisses() throws {
    let configuration = WaterfallLayout.Configuration(width: 40, columnCount: 2)
    let layout = WaterfallLayout(configuration, heights: Array(repeating: 5, count: 400))
    var comparison = ReuseComparison()
    comparison.pass(layout, visibleRect: GridRect(x: 0, y: 0, width: 40, height: 100))
    comparison.pass(layout, visibleRect: GridRect(x: 0, y: 5, width: 40, height: 100))
    #expect(comparison.tracks.allSatisfy { $0.missedItems.isEmpty }, "a step stays within every query's reach")
    // The last row of items stays in view: the window looks ±16 around them, short of the page's 40 new items.
    comparison.pass(layout, visibleRect: GridRect(x: 0, y: 100, width: 40, height: 100))
    let window = try #require(comparison.tracks.first { $0.query == .indexWindow })
    #expect(!window.missedItems.isEmpty, "the window around the last visible indices holds none of these")
    #expect(comparison.tracks.filter { $0.query != .indexWindow }.allSatisfy { $0.missedItems.isEmpty })
    let ours = try #require(comparison.tracks.last)
    #expect(ours.query == .ours && ours.lastPass.examined <= 40 + 2 * 12, "a binary search per column and the run")
    #expect(try #require(comparison.tracks.first { $0.query == .fullScan }).lastPass.examined == 400)
  }
}
