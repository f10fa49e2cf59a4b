import Testing
import WaterfallViewer

/// The header and the status line count the same catalogue the same way (#21).
@Suite("The header's count")
struct HeaderCountTests {
  static func header(_ screen: String) -> String { String(screen.split(separator: "\n").first ?? "") }

  @Test("a page of a catalogue whose total is known: the header says 50/120 items, as the status line does")
  func totalKnown() {
    let runner = AppFixture.runner(
      items: AppFixture.items(120), width: 80, height: 20, options: AppFixture.options(columns: 3))
    let screen = AppFixture.screen(runner, "")
    #expect(Self.header(screen).hasSuffix("Test shop · 50/120 items"), "\(screen)")
    #expect(AppFixture.statusBar(runner).contains("50/120 items"), "\(screen)")
    let end = AppFixture.screen(runner, "G G G G g")
    #expect(runner.viewer.store.count == 120, "\(end)")
    #expect(Self.header(end).hasSuffix("Test shop · 120 items"), "every item loaded: no total beside it")
  }

  @Test("a filter's result: the header counts what it shows, the status line's part says of how many")
  func filtered() {
    let runner = AppFixture.runner(
      items: AppFixture.items(120), width: 80, height: 20, options: AppFixture.options(columns: 3))
    let screen = AppFixture.screen(runner, "& i t e m Space 1 1 Enter")
    let shown = runner.viewer.store.count
    #expect(shown > 0 && shown < 50, "\(screen)")
    #expect(Self.header(screen).hasSuffix("Test shop · \(shown) items"), "\(screen)")
    #expect(AppFixture.statusBar(runner).contains("\(shown) items │ \(shown)/120 shown"), "\(screen)")
  }
}
