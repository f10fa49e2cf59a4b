import Pictures
import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// FlashList's blank area, RecyclerView's binds, frames over budget and prefetch hits, as the session sums them.
@Suite("The session's metrics")
struct SessionMetricsTests {
  /// The blank cells of the viewport by brute force: every item of the layout (not only the live cells), its
  /// picture rows inside the viewport, when its picture is not drawn.
  static func blankByBruteForce(_ viewer: Viewer) -> Int {
    let viewport = viewer.waterfall.viewportRect
    var blank = 0
    for index in 0..<viewer.waterfall.layout.count {
      let frame = viewer.waterfall.layout.frame(of: index)
      switch viewer.pictures[.box(index)] {
      case .shown?, .failed?: continue
      default: break
      }
      let rows = viewer.options.metrics.imageRows(
        aspectRatio: viewer.store.displayItems[index].aspectRatio, columnWidth: frame.width)
      for row in (frame.y + 1)..<(frame.y + 1 + rows) where viewport.y <= row && row < viewport.maxY {
        blank += frame.width - 2
      }
    }
    return blank
  }

  @Test("pictures that never come: every picture cell in view is blank, each box entering is a prefetch miss")
  func picturesNeverCome() throws {
    var options = AppFixture.options(columns: 2)
    options.pictures = PictureStyle()
    // No loader: the pictures asked for stay on their way.
    let run = AppFixture.runner(items: try PictureScreenTests.bundledItems(), width: 60, height: 20, options: options)
    for keys in ["", "C-d", "C-d", "j j j", "G", "g"] {
      _ = AppFixture.screen(run, keys)
      let metrics = run.viewer.metrics
      #expect(metrics.blankCells == Self.blankByBruteForce(run.viewer), "after \(keys)")
      #expect(metrics.blankCells > 0)
    }
    let metrics = run.viewer.metrics
    #expect(metrics.largestBlank >= metrics.blankCells && metrics.blankSum >= metrics.largestBlank)
    #expect(metrics.prefetchHits == 0 && metrics.prefetchMisses > 0, "\(metrics)")
    #expect(metrics.binds > 0)
  }

  @Test("pictures drawn before their boxes come into view: no blank cell, every box entering a prefetch hit")
  func picturesReady() throws {
    let run = PictureScreenTests.runner(
      items: try PictureScreenTests.bundledItems(), display: PictureStyle(), width: 80, height: 40)
    let screen = AppFixture.screen(run, "C-d C-d j j s")
    let metrics = run.viewer.metrics
    #expect(metrics.blankCells == 0 && metrics.largestBlank == 0)
    #expect(metrics.prefetchHits > 0 && metrics.prefetchMisses == 0, "\(metrics)")
    #expect(screen.contains("prefetch hits       \(metrics.prefetchHits) of \(metrics.prefetchHits)"), "\(screen)")
    #expect(screen.contains("blank area          0 cells now"))
  }

  @Test("a frame over 16.7 ms is late, by what it went over; a snapshot's frames are not timed")
  func lateFrames() {
    var metrics = SessionMetrics()
    metrics.frame(blankCells: 3, inView: nil, microseconds: 10_000)
    metrics.frame(blankCells: 7, inView: nil, microseconds: 20_000)
    metrics.frame(blankCells: 0, inView: nil, microseconds: nil)
    #expect(metrics.frames == 3 && metrics.measuredFrames == 2 && metrics.framesOverBudget == 1)
    #expect(abs(metrics.overrunMicroseconds - (20_000 - SessionMetrics.frameBudgetMicroseconds)) < 0.01)
    #expect(metrics.slowestFrameMicroseconds == 20_000)
    #expect((metrics.blankCells, metrics.largestBlank, metrics.blankSum) == (0, 7, 10))
    let late = metrics.lines.first { $0.label == "late frames" }?.value
    #expect(late == "1 of 2 over 16.7 ms, 3.3 ms over in all, slowest 20.0 ms")
    #expect(SessionMetrics().lines.first { $0.label == "late frames" }?.value.hasPrefix("not measured") == true)
  }

  @Test("the inspector shows the blank area and prefetch hits the session counted")
  func inspectorShowsThem() {
    var options = AppFixture.options(columns: 2)
    options.pictures = PictureStyle()
    let run = AppFixture.runner(items: AppFixture.items(60), width: 110, height: 30, options: options)
    let screen = AppFixture.screen(run, "i C-d")
    let metrics = run.viewer.metrics
    #expect(metrics.blankCells > 0)
    let counted = metrics.prefetchHits + metrics.prefetchMisses
    #expect(screen.contains("blank \(metrics.blankCells) (most \(metrics.largestBlank))"), "\(screen)")
    #expect(screen.contains("prefetched \(metrics.prefetchHits)/\(counted)"), "\(screen)")
    #expect(screen.contains("binds \(metrics.binds)"))
  }
}
