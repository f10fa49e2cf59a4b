import Foundation
import Pictures
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// The main loop while pictures stream in: the real runner (wall clock, threads, two picture workers, a cold
/// cache) scrolls the bundled catalogue a row every 10 ms, as a held key does, and the longest step (input,
/// results, tick, frame) is what a person would feel. The loop never waits for a picture.
struct StreamingPicturesBenchmark {
  let quick: Bool

  /// Frames go nowhere: the terminal's cost is measured elsewhere (terminal bytes).
  private final class DiscardOutput: ScreenOutput {
    func present(_ screen: Screen) {}
    func invalidate() {}
  }

  func run() -> [Figure] {
    guard let path = BundledCatalogue.locate(), let catalogue = try? CatalogueReading.open(path: path, pageSize: 50)
    else {
      print("(streaming pictures: the bundled catalogue is missing; skipped)")
      return []
    }
    var options = ViewerOptions()
    options.pictures = PictureStyle()
    let runner = Runner(
      viewer: Viewer(screenSize: GridSize(width: 120, height: 40), options: options),
      source: catalogue, clock: WallClock(), executor: ThreadExecutor(),
      output: DiscardOutput(), pictures: PictureLoader.Configuration())
    runner.start()
    var longest = Duration.zero
    let steps = quick ? 150 : 400
    for step in 0..<steps {
      let started = ContinuousClock.now
      runner.step([.key(step % 200 < 170 ? .down : .up)])
      longest = max(longest, started.duration(to: .now))
      Thread.sleep(forTimeInterval: 0.01)
    }
    let drawn = runner.viewer.pictureStatistics?.requested ?? 0
    let parts = longest.components
    return [
      .scaling(
        name: "longest main-loop step while pictures stream in (120×40, a row every 10 ms)",
        value: Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9, unit: "ns"),
      .scaling(name: "pictures requested during that scroll", value: Double(drawn), unit: "pictures"),
    ]
  }
}
