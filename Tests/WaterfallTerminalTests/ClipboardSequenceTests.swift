import Testing

@testable import WaterfallTerminal

@Suite("OSC 52, the clipboard through the terminal")
struct ClipboardSequenceTests {
  @Test("the text goes base64-encoded in one OSC 52 sequence")
  func plain() {
    #expect(
      ClipboardSequence.bytes(copying: "https://shop.test/1", insideTmux: false)
        == "\u{1B}]52;c;aHR0cHM6Ly9zaG9wLnRlc3QvMQ==\u{07}")
    #expect(ClipboardSequence.bytes(copying: "羊毛", insideTmux: false) == "\u{1B}]52;c;576K5q+b\u{07}")
  }

  @Test("inside tmux: the plain sequence for tmux's buffer, then one wrapped for passthrough, its ESC doubled")
  func tmux() {
    let plain = "\u{1B}]52;c;YQ==\u{07}"
    #expect(
      ClipboardSequence.bytes(copying: "a", insideTmux: true)
        == plain + "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;YQ==\u{07}\u{1B}\\")
  }
}
