import Testing
import WaterfallViewer

/// What the finding keys tell the user: an empty filter result, the prompt's recall, the status bar's fitting.
@Suite("Finding things: what the screen says")
struct FindingStatusTests {
  @Test("a filter with no match says so and how to clear it, not that the catalogue is empty")
  func filterWithNoMatch() {
    let runner = OrganiseFixture.runner()
    let screen = AppFixture.screen(runner, "& z q x Enter")
    #expect(screen.contains("nothing matches the filter \"zqx\""), "\(screen)")
    #expect(screen.contains("& then Enter shows every item"))
    #expect(!screen.contains("this catalogue is empty"))
    #expect(AppFixture.screen(runner, "& Enter").contains("┌"), "& Enter shows every item again")
  }

  @Test("& opens empty, so & Enter shows every item; Up brings back the previous filter")
  func filterPromptOpensEmpty() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "& s i l k Enter")
    #expect(runner.viewer.store.count == 14)
    let prompt = AppFixture.screen(runner, "&")
    #expect(runner.viewer.state.promptLine.prompt?.text == "", "the prompt opens empty: \(prompt)")
    _ = AppFixture.screen(runner, "Enter")
    #expect(runner.viewer.store.count == 42, "& Enter shows all")
    _ = AppFixture.screen(runner, "& Up")
    #expect(runner.viewer.state.promptLine.prompt?.text == "silk", "Up recalls the last filter")
    _ = AppFixture.screen(runner, "Enter")
    #expect(runner.viewer.store.count == 14)
  }

  @Test("Up in the search prompt recalls the previous search")
  func searchRecall() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "/ w o o l Enter Escape / Up")
    #expect(runner.viewer.state.promptLine.prompt?.text == "wool")
  }

  @Test("a filter that hides every match leaves no stale match count in the status bar")
  func searchCountFollowsTheFilter() {
    let runner = OrganiseFixture.runner(width: 140)
    #expect(AppFixture.screen(runner, "/ s i l k Enter n").contains("match 2/14"))
    let screen = AppFixture.screen(runner, "& d e n i m Enter")
    #expect(!screen.contains("match 2/14"), "\(screen)")
    #expect(screen.contains("no match for silk"), "\(screen)")
  }

  @Test("at 100 columns the sort notice is whole and the sort label not said twice", arguments: [100, 80, 60])
  func sortNoticeFits(width: Int) {
    let runner = OrganiseFixture.runner(width: width)
    let screen = AppFixture.screen(runner, "o")
    let status = String(screen.split(separator: "\n").last ?? "")
    #expect(status.contains("sorted by price, lowest first"), "\(status)")
    #expect(status.components(separatedBy: "price, lowest first").count == 2, "said once: \(status)")
  }

  @Test("a notice too long for the bar is shortened at a word, with an ellipsis")
  func longNoticeEllipsized() {
    let runner = OrganiseFixture.runner(width: 30)
    let screen = AppFixture.screen(runner, "o o")
    let status = String(screen.split(separator: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
    #expect(status == "sorted by price, highest…", "\(status)")
  }
}
