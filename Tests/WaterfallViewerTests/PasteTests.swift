import ShopCatalog
import Testing
import WaterfallViewer

/// A paste is text for a prompt, never keys: its Enters and letters must not submit, pick or quit.
@Suite("Pasting into the viewer")
struct PasteTests {
  private static func pickingRunner() -> ScriptedRun {
    var options = AppFixture.options(columns: 3)
    options.picking = Picking(limit: nil)
    return AppFixture.runner(items: OrganiseFixture.items(), options: options)
  }

  @Test("pasted into / with --pick: the prompt holds the text and searches it; nothing is picked or quit")
  func pasteIntoSearch() {
    let runner = Self.pickingRunner()
    _ = AppFixture.screen(runner, "/")
    // The decoder made the paste's two line breaks two spaces.
    let screen = runner.run([.event(.paste("silk scarf  "))])
    #expect(runner.viewer.state.promptLine.prompt?.text == "silk scarf  ")
    #expect(screen.contains("/silk scarf"), "\(screen)")
    #expect(runner.viewer.searching.search != nil, "the search follows the pasted text as it does typed text")
    #expect(!runner.viewer.state.isQuitting)
    #expect(runner.viewer.state.picked == nil)
    _ = AppFixture.screen(runner, "Enter")
    #expect(runner.viewer.state.promptLine.history[.search] == "silk scarf  ", "Enter still submits it")
    #expect(!runner.viewer.state.isQuitting, "Enter in a prompt submits; it does not pick")
  }

  @Test("pasted into & and : the text is typed where the cursor is, and Enter uses it")
  func pasteIntoFilterAndJump() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "& s")
    _ = runner.run([.event(.paste("ilk"))])
    #expect(runner.viewer.state.promptLine.prompt?.text == "silk")
    _ = AppFixture.screen(runner, "Enter")
    #expect(runner.viewer.store.count == 14, "the filter took the pasted text")

    let jumping = OrganiseFixture.runner()
    _ = AppFixture.screen(jumping, ":")
    _ = jumping.run([.event(.paste("12"))])
    _ = AppFixture.screen(jumping, "Enter")
    #expect(jumping.viewer.state.keyboardFocus.map { jumping.viewer.store.ids[$0] } == ItemID(number: 12))
  }

  @Test("outside a prompt a paste does nothing: not keys, not commands")
  func pasteOutsideAPrompt() {
    let runner = Self.pickingRunner()
    let before = AppFixture.screen(runner, "l")
    let focus = runner.viewer.state.keyboardFocus
    let after = runner.run([.event(.paste("jj q"))])
    #expect(after == before)
    #expect(runner.viewer.state.keyboardFocus == focus)
    #expect(!runner.viewer.state.isQuitting)
    #expect(runner.viewer.state.picked == nil)
    #expect(runner.viewer.state.promptLine.prompt == nil)
  }

  @Test("a long paste fills the prompt up to its limit and no further")
  func longPaste() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "/ a")
    _ = runner.run([.event(.paste(String(repeating: "b", count: 1000)))])
    #expect(runner.viewer.state.promptLine.prompt?.text == "a" + String(repeating: "b", count: 199))
  }

  @Test("pasted while the source opens, after /, it lands in the prompt once the source answers")
  func pasteHeldWhileOpening() {
    let runner = AppFixture.runner(items: OrganiseFixture.items(), latency: 200)
    _ = runner.apply(.event(.key(.character("/"))))
    _ = runner.apply(.event(.paste("wool")))
    #expect(runner.viewer.state.promptLine.prompt == nil, "held until the first answer")
    _ = runner.advance(by: 1000)
    #expect(runner.viewer.state.promptLine.prompt?.text == "wool")
  }
}
