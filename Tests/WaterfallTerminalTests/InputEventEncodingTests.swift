import Testing
import WaterfallTerminal
import WaterfallViewer

@Suite("Recorded input bytes")
struct InputEventEncodingTests {
  @Test("the terminal's decoder reads back every event a recording keeps as input")
  func roundTrip() throws {
    let keys: [Key] = [
      .character("j"), .character("连"), .character("😀"), .character(" "), .control("d"), .control("u"), .up, .down,
      .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace,
    ]
    let events =
      keys.map(InputEvent.key) + [
        .mouse(MouseEvent(kind: .press, x: 0, y: 0)), .mouse(MouseEvent(kind: .press, x: 299, y: 120)),
        .mouse(MouseEvent(kind: .wheelUp, x: 5, y: 6)), .mouse(MouseEvent(kind: .wheelDown, x: 7, y: 8)),
      ]
    for event in events {
      let bytes = try #require(InputEventEncoding.bytes(event))
      var decoder = TerminalInputDecoder()
      #expect(decoder.decode(Array(bytes.utf8)) + decoder.flush() == [event], "\(event)")
    }
    #expect(InputEventEncoding.bytes(.resize(width: 80, height: 24)) == nil)
  }
}
