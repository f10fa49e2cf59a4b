import Testing

@testable import WaterfallViewer

/// The prompt alone: typing, editing, recalling, and what Esc and Enter hand the viewer.
@Suite("Parts: the prompt line")
struct PromptLineTests {
  static func type(_ text: String, into line: inout PromptLine) -> [PromptLine.Outcome] {
    text.map { line.update(.character($0)) }
  }

  @Test("each typed character changes the text; Backspace and Ctrl-U edit it")
  func typing() {
    var line = PromptLine()
    line.open(.search, origin: (offset: 4, focus: 2))
    let typed = Self.type("ab", into: &line)
    #expect(typed.count == 2 && typed.last == .changed(Prompt(purpose: .search, text: "ab")))
    #expect(line.update(.backspace) == .changed(Prompt(purpose: .search, text: "a")))
    #expect(line.update(.control("u")) == .changed(Prompt(purpose: .search, text: "")))
    #expect(line.update(.backspace) == .unchanged, "nothing left to erase")
    #expect(line.prompt?.origin.offset == 4 && line.prompt?.origin.focus == 2)
  }

  @Test("Enter submits and remembers the text for Up; Esc cancels and remembers nothing")
  func submitAndRecall() {
    var line = PromptLine()
    line.open(.filter, origin: (0, nil))
    _ = Self.type("silk", into: &line)
    #expect(line.update(.enter) == .submitted(Prompt(purpose: .filter, text: "silk")) && line.prompt == nil)
    line.open(.filter, origin: (0, nil))
    #expect(line.prompt?.text == "", "every prompt opens empty")
    #expect(line.update(.up) == .changed(Prompt(purpose: .filter, text: "silk")))
    _ = Self.type("y", into: &line)
    #expect(line.update(.escape) == .cancelled(Prompt(purpose: .filter, text: "silky")))
    line.open(.search, origin: (0, nil))
    #expect(line.update(.up) == .unchanged, "each kind has its own history")
  }

  @Test("text stops growing at its limit; Ctrl-L asks for a repaint; without a prompt keys do nothing")
  func limits() {
    var line = PromptLine()
    #expect(line.update(.character("a")) == .unchanged)
    line.open(.goToItem, origin: (0, nil))
    _ = Self.type(String(repeating: "9", count: PromptLine.longestText + 5), into: &line)
    #expect(line.prompt?.text.count == PromptLine.longestText)
    #expect(line.update(.control("l")) == .redrawAll)
  }
}
