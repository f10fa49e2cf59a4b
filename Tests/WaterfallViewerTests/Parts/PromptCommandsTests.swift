import Testing

@testable import WaterfallViewer

/// What the prompt's outcomes ask of the root: the search follows the text; Enter hands it to the part it is for.
@Suite("Parts: the prompt line's commands")
struct PromptCommandsTests {
  @Test("typing and Esc go to the search; nothing changed asks nothing; Ctrl-L redraws")
  func editing() {
    let typed = Prompt(purpose: .search, text: "sil")
    #expect(PromptLine.Outcome.changed(typed).commands.summary == ["search typed"])
    #expect(PromptLine.Outcome.cancelled(typed).commands.summary == ["search cancelled"])
    #expect(PromptLine.Outcome.unchanged.commands.isEmpty)
    #expect(PromptLine.Outcome.redrawAll.commands.summary == ["effect redrawAll"])
  }

  @Test("& typed has its matches counted, Esc stops counting; the search hears neither")
  func filterTyped() {
    let typed = Prompt(purpose: .filter, text: "sil")
    #expect(PromptLine.Outcome.changed(typed).commands.summary == ["preview filter sil"])
    #expect(PromptLine.Outcome.cancelled(typed).commands.summary == ["preview filter closed", "filter cancelled"])
  }

  @Test("Enter: :N to the jumps, / to the search, & to the organiser as a filter")
  func submitted() {
    func submit(_ purpose: Prompt.Purpose, _ text: String) -> [String] {
      PromptLine.Outcome.submitted(Prompt(purpose: purpose, text: text)).commands.summary
    }
    #expect(submit(.goToItem, "40") == ["jumps goToItem"])
    #expect(submit(.search, "silk") == ["search submitted"])
    #expect(submit(.filter, "silk") == ["preview filter closed", "organise \(Organiser.Message.filter("silk"))"])
  }

  @Test("a key typed into an open prompt answers the search's command")
  func fromTheLine() {
    var line = PromptLine()
    line.open(.search, origin: (offset: 0, focus: nil))
    #expect(line.update(.character("s")).commands.summary == ["search typed"])
    #expect(line.update(.escape).commands.summary == ["search cancelled"])
  }
}
