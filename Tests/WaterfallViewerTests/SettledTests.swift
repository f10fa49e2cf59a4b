import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Settled (a tape's `WaitSettled`) means no work of any kind pending: after `G`, its measuring and the far
/// pages it loads count, so a golden frame after `G` with latency is the end, not a frame mid-way.
@Suite("Settled: no work of any kind pending")
struct SettledTests {
  @Test("after G, not settled while measuring, nor while the far pages on screen load; then settled at the end")
  func gMeasuringAndFarPages() {
    let run = GoToEndTests.runner()
    #expect(run.viewer.isSettled)
    GoToEndTests.press(run, "G")
    #expect(run.viewer.jumps.measurer.measuring != nil && !run.viewer.isSettled)
    var waited = 0
    while run.viewer.jumps.measurer.measuring != nil, waited < 60_000 {
      run.advance(by: 10)
      waited += 10
    }
    #expect(run.viewer.store.measuredPages != nil, "measured")
    #expect(
      !run.viewer.store.items.isLoaded(GoToEndTests.count - 1) && !run.viewer.isSettled, "the last page is on its way")
    while !run.viewer.isSettled, waited < 60_000 {
      run.advance(by: 10)
      waited += 10
    }
    #expect(run.viewer.isSettled && run.viewer.store.items.isLoaded(GoToEndTests.count - 1))
  }

  @Test("WaitSettled after G with latency: the frame is the end, with the last item loaded")
  func waitSettledAfterG() throws {
    let tape = "Type \"G\"\nWaitSettled"
    let player = TapePlayer(
      commands: try TapeParser.parse(tape), defaultSize: GridSize(width: 60, height: 20), comparing: true
    ) { _, _ in GoToEndTests.runner() }
    let run = try player.play()
    #expect(run.failure == nil)
    let settled = try #require(run.frames.last)
    #expect(settled.contains("the end: 1000 items") && settled.contains("item 999"), "\(settled)")
    #expect(!settled.contains("measuring"), "\(settled)")
  }
}
