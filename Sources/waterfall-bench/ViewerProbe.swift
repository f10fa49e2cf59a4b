import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// A SQL catalogue as the viewer meets it, for the SQLite and PostgreSQL probes: opened, its first frame drawn
/// (timed from before the open), a query's first page and `G` to the last item timed. Nanoseconds.
struct ViewerProbe {
  let catalogue: any CatalogueSource
  let runner: ScriptedRun
  let firstFrame: Double

  /// `nil` when `open` fails; a first frame without the first 50 items stops the probe.
  init?(open: () throws -> any CatalogueSource) {
    let start = Harness.now()
    guard let catalogue = try? open() else { return nil }
    let runner = ScriptedRun(source: catalogue, size: GridSize(width: 120, height: 40), options: ViewerOptions())
    // The frame a user waits for, drawn inside the timed window (the run draws on demand).
    let screen = runner.screen
    firstFrame = Double(Harness.now() - start)
    precondition(runner.viewer.store.count == 50 && screen.text.contains("item 0"), "no first frame")
    (self.catalogue, self.runner) = (catalogue, runner)
  }

  /// `query`'s first page, fetched as the viewer asks for it.
  func firstPage(_ query: CatalogueQuery) -> (time: Double, page: CataloguePage) {
    let begin = Harness.now()
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: query)), !page.items.isEmpty else {
      fatalError("no page for \(query)")
    }
    return (Double(Harness.now() - begin), page)
  }

  /// `G` as the viewer does it (every stretch measured, every item laid out, the last page fetched by its
  /// cursor), to the frame; it must reach the last of `itemCount` items.
  func goToEnd(itemCount: Int) -> Double {
    let start = Harness.now()
    runner.apply(.event(.key(.character("G"))))
    _ = runner.screen
    let elapsed = Double(Harness.now() - start)
    guard runner.viewer.store.count == itemCount, runner.viewer.waterfall.indicesInViewport.contains(itemCount - 1),
      runner.viewer.store.items.isLoaded(itemCount - 1)
    else { fatalError("G did not reach the last item") }
    return elapsed
  }
}
