import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The inspector's comparison of the originals' queries with ours, its minimap at every size, and its log.
extension InspectorTests {
  /// The panel's columns of each line of `screen` (the panel stands at the right, or over everything when narrow).
  static func panel(_ screen: String, width: Int) -> [String] {
    let panelWidth = InspectorState.width(screenWidth: width)
    return screen.split(separator: "\n").map { String($0.suffix(panelWidth)) }
  }

  @Test(
    "c runs the originals' queries beside ours: a table of what each examined, created, reused and missed; c again ends it"
  )
  func comparison() throws {
    let runner = Self.runner(items: 400)
    let viewer = runner.viewer
    let opened = AppFixture.screen(runner, "c")
    #expect(viewer.inspector.isOpen && viewer.inspector.comparison != nil)
    for name in ["window", "scan", "chunks", "ours"] {
      #expect(Self.panel(opened, width: 110).contains { $0.contains(" \(name) ") }, "\(name):\n\(opened)")
    }
    _ = AppFixture.screen(runner, "C-d C-d G")
    let comparison = try #require(viewer.inspector.comparison)
    let scan = try #require(comparison.tracks.first { $0.query == .fullScan })
    let ours = try #require(comparison.tracks.last)
    #expect(scan.total.missed == 0 && ours.total.missed == 0, "the full scan and ours find everything in view")
    #expect(scan.lastPass.examined == viewer.waterfall.layout.count, "the scan reads every frame laid out")
    #expect(ours.lastPass.examined < scan.lastPass.examined, "ours reads a binary search's frames and the run")
    #expect(viewer.waterfall.statistics.layoutPasses > 0 && comparison.passes > 0)
    _ = AppFixture.screen(runner, "c")
    #expect(viewer.inspector.comparison == nil && viewer.inspector.isOpen, "c ends the comparison, not the inspector")
  }

  @Test(
    "the minimap marks the live items at every size, near the ends too, where the header and footer lines once hid them",
    arguments: [(24, 8), (40, 12), (60, 20), (80, 24), (100, 30), (120, 40), (200, 60), (300, 100)])
  func minimapMarksLiveItems(width: Int, height: Int) {
    for keys in ["", "C-d C-d C-d", "G", "G g"] {
      let runner = Self.runner(width: width, height: height, items: 120)
      let screen = AppFixture.screen(runner, "i " + keys)
      guard runner.viewer.inspector.isOpen, !runner.viewer.waterfall.visibleCells.isEmpty else { continue }
      let panel = Self.panel(screen, width: width)
      #expect(panel.contains { $0.contains("▓") }, "\(width)x\(height) after \(keys): no live mark\n\(screen)")
    }
  }

  @Test("idle passes are one line in the log, so what entered and left stays on screen")
  func idlePassesFolded() {
    let rect = GridRect(x: 0, y: 0, width: 10, height: 10)
    let cell = CellIdentity(objectID: 3, reuseIdentifier: "item", reuseCount: 1)
    var events: [LayoutPassEvent] = []
    for pass in 10...13 {
      events += [.passStarted(pass: pass, bufferedRect: rect), .passEnded(pass: pass, liveCells: 4, pooledCells: 2)]
    }
    events += [
      .passStarted(pass: 14, bufferedRect: rect), .itemEntered(pass: 14, item: 7, cell: cell, origin: .dequeued),
      .passEnded(pass: 14, liveCells: 5, pooledCells: 1), .passStarted(pass: 15, bufferedRect: rect),
      .passEnded(pass: 15, liveCells: 5, pooledCells: 1),
    ]
    let lines = InspectorPanel.logLines(events.map { LogEntry(event: $0, itemNumber: $0.item.map { $0 + 1 }) }).map(\.0)
    #expect(
      lines == [
        " passes 10-13: nothing entered or left", " pass 14: buffer rows 0-9", "  + #8 <- c3 from pool (r1)",
        " pass 14 done: 5 live, 1 pooled", " pass 15: nothing entered or left",
      ])
  }
}
