import WaterfallViewer

@testable import WaterfallTerminal

extension TerminalInputDecoder {
  /// `bytes` as reads of `pieceSize` bytes deliver them: the events of every read, in order.
  mutating func decode(_ bytes: [UInt8], inPiecesOf pieceSize: Int) -> [InputEvent] {
    var events: [InputEvent] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + pieceSize)
      events += decode(bytes[start..<end])
      start = end
    }
    return events
  }
}
