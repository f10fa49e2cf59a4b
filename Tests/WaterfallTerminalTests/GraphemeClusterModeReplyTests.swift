import Testing

@testable import WaterfallTerminal

/// DECRPM answers to `CSI ? 2027 $ p`, as terminals send them (contour's "Unicode Core" spec): kitty, WezTerm, foot
/// and Ghostty answer; xterm and tmux do not, and DA1 ends the wait.
@Suite("The terminal's answer about grapheme clustering (mode 2027)")
struct GraphemeClusterModeReplyTests {
  private func replies(_ text: String) -> (TerminalReplies, String) {
    var parser = TerminalReplyParser()
    var typed = parser.feed(Array(text.utf8))
    typed += parser.finish()
    return (parser.replies, String(decoding: typed, as: UTF8.self))
  }

  @Test(
    "each state is read and none of the answer is input",
    arguments: [(1, true), (2, true), (3, true), (4, false), (0, false)])
  func states(state: Int, available: Bool) {
    let (replies, typed) = replies("\u{1B}[?2027;\(state)$y\u{1B}[?62;22c")
    #expect(replies.graphemeClusterMode == state)
    #expect(replies.graphemeClustersAvailable == available)
    #expect(replies.isComplete)
    #expect(typed.isEmpty)
  }

  @Test("no answer (xterm, tmux): DA1 alone, the mode unknown and not available")
  func noAnswer() {
    let (replies, typed) = replies("\u{1B}[?1;2c")
    #expect(replies.graphemeClusterMode == nil && !replies.graphemeClustersAvailable && replies.isComplete)
    #expect(typed.isEmpty)
  }

  @Test("another mode's report is not taken for 2027's, and keys typed around the answers stay input")
  func otherModesAndKeys() {
    let (replies, typed) = replies("j\u{1B}[?2026;2$y\u{1B}[Ak\u{1B}[?62c")
    #expect(replies.graphemeClusterMode == nil)
    #expect(typed == "j\u{1B}[Ak")
  }
}
