import Testing
import WaterfallTerminal
import WaterfallViewer

/// A tape's `Ctrl+…`, `Alt+…` and `Shift+…` give the viewer what the live viewer gets from xterm for the same
/// keys: the bytes xterm sends (its default `modifyOtherKeys` off, `metaSendsEscape` on), through the decoder.
@Suite("Tape chords as the terminal sends them")
struct TapeChordDecodingTests {
  private static let escape: UInt8 = 0x1B

  @Test(
    "each chord's effect is what the decoder makes of xterm's bytes for it",
    arguments: [
      ([TapeChord.Modifier.ctrl], "D", [0x04]), ([.ctrl], "h", [0x08]), ([.ctrl], "I", [0x09]),
      ([.ctrl], "M", [0x0D]), ([.ctrl], "J", [0x0A]), ([.ctrl, .shift], "U", [0x15]), ([.ctrl], "[", [escape]),
      ([.ctrl], "Left", Array("\u{1B}[1;5D".utf8)), ([.ctrl, .alt], "Up", Array("\u{1B}[1;7A".utf8)),
      ([.ctrl], "Enter", [0x0D]), ([.ctrl], "Backspace", [0x08]), ([.ctrl], "Space", [0x00]),
      ([.ctrl], "@", [0x00]), ([.ctrl], "]", [0x1D]), ([.ctrl], "^", [0x1E]), ([.ctrl], "-", [0x1F]),
      ([.ctrl], ".", Array(".".utf8)), ([.alt], ".", [escape] + Array(".".utf8)), ([.alt], "Enter", [escape, 0x0D]),
      ([.alt], "Tab", [escape, 0x09]), ([.alt], "[", [escape] + Array("[".utf8)),
      ([.ctrl, .alt], "d", [escape, 0x04]), ([.shift], "Tab", Array("\u{1B}[Z".utf8)),
      ([.shift], "g", Array("G".utf8)), ([.shift], "Enter", [0x0D]), ([.shift], "[", Array("{".utf8)),
      ([.shift], ".", Array(">".utf8)),
    ] as [([TapeChord.Modifier], String, [UInt8])])
  func chord(modifiers: [TapeChord.Modifier], key: String, bytes: [UInt8]) {
    var decoder = TerminalInputDecoder()
    let decoded = decoder.decode(bytes) + decoder.flush()
    let effect = TapeChord(modifiers, [key]).effects
    let expected: [TapeKeyEffect] = decoded.isEmpty ? [.nothing] : decoded.map { .event($0) }
    #expect(effect == expected, "\(modifiers) \(key): xterm sends \(bytes)")
  }

  @Test("Ctrl+C and Ctrl+\\ are the terminal's signals, not keys: the viewer ends")
  func signals() {
    #expect(TapeChord([.ctrl], ["C", "\\"]).effects == [.interrupt, .interrupt])
  }
}
