import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// Rendering into the in-memory screen, and how many cells scrolling creates.
struct FrontEndBenchmarks {
  let quick: Bool
  let sink: Sink

  func run() -> [Figure] {
    [renderFrame()] + cellsPerTenThousandRows() + bundledCatalogueReuse()
  }

  /// One 200×60 frame of the bundled catalogue, drawn whole (a frame clears the screen and draws everything,
  /// so its cost does not depend on what changed).
  private func renderFrame() -> Figure {
    let runner = bundledRunner(width: 200, height: 60)
    runner.apply(try! KeyScript.parse("C-d C-d l"))
    var screen = Screen(width: 200, height: 60)
    let frames = 200
    let nanoseconds = Harness.time(rounds: quick ? 5 : 15, operations: frames) {
      for _ in 0..<frames { runner.viewer.render(into: &screen) }
    }
    sink.consume(screen.cells.count)
    return .scaling(name: "render one 200×60 frame into the in-memory screen", value: nanoseconds, unit: "ns")
  }

  private func cellsPerTenThousandRows() -> [Figure] {
    let source = HeightsSource(heights: EngineBenchmarks.heights(20_000))
    let view = source.makeView(width: 120, height: 40, columns: 4)
    for _ in 0..<10_000 { view.userScroll(byRows: 1) }
    return reuseFigures(view.statistics, scenario: "per 10000 rows scrolled (120×40, 4 columns)")
  }

  /// Cells created and reused, named "PREFIX cells created SCENARIO" (the names the JSON has always used).
  private func reuseFigures(_ stats: ReuseStatistics, scenario: String, prefix: String = "") -> [Figure] {
    [("created", stats.cellsCreated), ("reused", stats.cellsReused)].map { kind, count in
      let name = prefix + "cells \(kind)" + (scenario.isEmpty ? "" : " " + scenario)
      return .scaling(name: name, value: Double(count), unit: "cells")
    }
  }

  /// The bundled catalogue scrolled from top to bottom, row by row, in a 100×30 terminal.
  private func bundledCatalogueReuse() -> [Figure] {
    let runner = bundledRunner(width: 100, height: 30)
    let view = runner.viewer.waterfall
    while view.contentOffset < view.maximumOffset || view.paging.loadMore == .idle {
      runner.apply(.event(.key(.down)))
      if case .exhausted = view.paging.loadMore, view.contentOffset >= view.maximumOffset { break }
    }
    return reuseFigures(view.statistics, scenario: "", prefix: "bundled catalogue top to bottom (100×30): ")
      + [
        .scaling(name: "bundled catalogue top to bottom (100×30): items", value: Double(view.itemCount), unit: "items")
      ]
  }

  private func bundledRunner(width: Int, height: Int) -> ScriptedRun {
    let catalogue = try! CatalogueReading.open(path: BundledCatalogue.locate()!, pageSize: 50)
    catalogue.waitUntilComplete()
    return ScriptedRun(source: catalogue, size: GridSize(width: width, height: height), options: ViewerOptions())
  }
}
