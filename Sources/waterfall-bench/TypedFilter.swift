import Foundation
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// `& TERM Enter` typed into the real runner, on threads as the app runs it: the pages and counts of the text
/// typed over are given up or stopped where they run, as the user's are, and the main loop never waits for them.
enum TypedFilter {
  /// Milliseconds from the first key to the frame that shows `term`'s result (its first page drawn).
  static func milliseconds(source: any CatalogueSource, term: String) -> Double {
    let live = Runner(
      viewer: Viewer(screenSize: GridSize(width: 120, height: 40), options: ViewerOptions()), source: source,
      clock: WallClock(), executor: ThreadExecutor(), output: DiscardOutput())
    live.start()
    while !live.viewer.store.hasFirstPage {
      usleep(100)
      live.step([])
    }
    let start = Harness.now()
    let keys: [Key] = [.character("&")] + term.map { Key.character($0) } + [.enter]
    live.step(keys.map { InputEvent.key($0) })
    let shown = { (viewer: Viewer) in
      viewer.pendingQuery == nil && viewer.presentation.filter == ItemQuery(term) && viewer.store.count > 0
    }
    while !shown(live.viewer) {
      precondition(Harness.now() - start < 120_000_000_000, "the filter \(term) showed no result")
      usleep(100)
      live.step([])  // the step that receives the answer draws its frame
    }
    return Double(Harness.now() - start) / 1e6
  }
}

/// Frames drawn and thrown away: the probes time the drawing, not a terminal.
final class DiscardOutput: ScreenOutput {
  func present(_ screen: Screen) {}
  func invalidate() {}
}
