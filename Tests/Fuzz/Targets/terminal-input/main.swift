import FuzzSupport
import WaterfallTerminal
import WaterfallViewer

/// The terminal input decoder, two ways:
/// - any bytes decode to the same events however the reads split them (the terminal hands over whatever one
///   `read` returned);
/// - keys and mouse reports sent whole, one after another (each chosen by a byte of the input from the encodings
///   terminals send), decode to exactly those events, none lost and none invented, however the reads split them.
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  var choices = FuzzChoices(seed: bytes.prefix(8))
  fuzzCheck(
    decodeInPieces(bytes, choices: &choices) == decodeWhole(bytes),
    "\(bytes) decodes differently when split")

  var sent: [UInt8] = []
  sent.reserveCapacity(bytes.count * 16)
  var expected: [InputEvent] = []
  expected.reserveCapacity(bytes.count)
  for byte in bytes {
    if let event = KeyEncodings.append(for: byte, argument: choices.next(below: 300), to: &sent) {
      expected.append(event)
    }
  }
  let decoded = decodeInPieces(sent, choices: &choices)
  fuzzCheck(decoded == expected, "sent \(sent): expected \(expected), decoded \(decoded)")
  return 0
}

private func decodeWhole(_ bytes: [UInt8]) -> [InputEvent] {
  var decoder = TerminalInputDecoder()
  return decoder.decode(bytes) + decoder.flush()
}

private func decodeInPieces(_ bytes: [UInt8], choices: inout FuzzChoices) -> [InputEvent] {
  var decoder = TerminalInputDecoder()
  var events: [InputEvent] = []
  events.reserveCapacity(bytes.count)
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + 1 + choices.next(below: 8))
    decoder.decode(bytes[start..<end], appendingTo: &events)
    start = end
  }
  return events + decoder.flush()
}
