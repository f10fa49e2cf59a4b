import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A tape's `WaitSettled` waits for a far jump to land: the measuring and the pages on screen, not only the
/// load-more.
@Suite("Tapes and far jumps")
struct TapeJumpTests {
  @Test("WaitSettled after / to a far match waits for the measuring and the match's page")
  func waitSettledWaitsForTheJump() throws {
    let tape = "Type \"/velvet\"\nEnter\nWaitSettled"
    let player = TapePlayer(
      commands: try TapeParser.parse(tape), defaultSize: GridSize(width: 60, height: 20), comparing: true
    ) { _, size in
      var options = AppFixture.options(columns: 3)
      options.measuresToEnd = true
      options.measureStretchRows = 200
      var items = AppFixture.items(1_000)
      items[900].title = "velvet"
      return AppFixture.runner(
        source: ItemCatalogue(items: items, pageSize: 20), width: size.width, height: size.height, latency: 100,
        options: options)
    }
    let run = try player.play()
    #expect(run.failure == nil)
    let last = try #require(run.frames.last)
    #expect(last.contains("velvet") && last.contains("match 1/1") && !last.contains("measuring"), "\(last)")
  }
}
