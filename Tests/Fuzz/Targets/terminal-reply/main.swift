import FuzzSupport
import WaterfallTerminal

/// The terminal's answers to the start-up queries, among keys typed meanwhile (the terminal's bytes: untrusted).
/// However the bytes are cut into reads, the parser gives the same keys and the same answers as in one read; the
/// keys are the input's bytes in order with some left out (never a byte made up), and a version it reports is
/// printable ASCII.
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  var choices = FuzzChoices(seed: bytes.prefix(8))
  var whole = TerminalReplyParser()
  let wholeKeys = whole.feed(bytes) + whole.finish()
  var pieces = TerminalReplyParser()
  var pieceKeys: [UInt8] = []
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + 1 + choices.next(below: 16))
    pieceKeys += pieces.feed(bytes[start..<end])
    start = end
  }
  pieceKeys += pieces.finish()
  fuzzCheck(pieceKeys == wholeKeys, "\(bytes): other keys when read in pieces: \(pieceKeys) not \(wholeKeys)")
  fuzzCheck(pieces.replies == whole.replies, "\(bytes): other answers when read in pieces")
  var rest = bytes[...]
  for key in wholeKeys {
    guard let at = rest.firstIndex(of: key) else {
      fuzzCheck(false, "\(bytes): the key bytes \(wholeKeys) are not the input's in order")
      break
    }
    rest = rest[(at + 1)...]
  }
  if let version = whole.replies.version {
    fuzzCheck(
      version.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "a version \(version.debugDescription)")
  }
  return 0
}
