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
  var expected: [InputEvent] = []
  for byte in bytes {
    let (encoding, event) = KeyEncodings.encoding(for: byte, argument: choices.next(below: 300))
    sent += encoding
    expected += event.map { [$0] } ?? []
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
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + 1 + choices.next(below: 8))
    events += decoder.decode(bytes[start..<end])
    start = end
  }
  return events + decoder.flush()
}
