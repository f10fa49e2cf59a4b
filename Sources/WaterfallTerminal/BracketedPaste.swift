import WaterfallViewer

/// The text of one bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) while it arrives, over as many reads as it
/// takes. A paste is text, never keys: Enter or `q` inside it must not act.
struct BracketedPaste: Sendable {
  /// What the terminal sends around pasted text once `ESC [ ? 2004 h` asked for it.
  static let startNumber = 200
  static let end: [UInt8] = Array("\u{1B}[201~".utf8)
  /// More is read to its end but not kept: a prompt takes far less, and a pasted file must not grow memory.
  static let longestKept = 4096

  private var kept: [UInt8] = []
  private var cutShort = false

  /// Keeps the pasted bytes of `input` from `start` up to the end marker. Returns how many bytes were used and
  /// whether the marker was among them; an Esc that may begin the marker, last in `input`, is left for the next
  /// read.
  mutating func take(_ input: [UInt8], from start: Int) -> (used: Int, ended: Bool) {
    var index = start
    while index < input.count {
      if input[index] == 0x1B {
        let available = min(Self.end.count, input.count - index)
        if input[index..<index + available].elementsEqual(Self.end.prefix(available)) {
          keep(input[start..<index])
          guard available == Self.end.count else { return (index - start, false) }
          return (index + Self.end.count - start, true)
        }
      }
      index += 1
    }
    keep(input[start..<index])
    return (index - start, false)
  }

  private mutating func keep(_ bytes: ArraySlice<UInt8>) {
    let room = Self.longestKept - kept.count
    if bytes.count > room { cutShort = true }
    kept += bytes.prefix(max(0, room))
  }

  /// The pasted text as the viewer may take it: each line break one space, control characters and escape
  /// sequences gone (``TextSanitizer``).
  var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(kept.count)
    for (index, byte) in kept.enumerated() where !(byte == 0x0A && index > 0 && kept[index - 1] == 0x0D) {
      bytes.append(byte)
    }
    var text = String(decoding: bytes, as: UTF8.self)
    // A character cut in two by the limit is not half kept.
    if cutShort, text.unicodeScalars.last == "\u{FFFD}" { text.unicodeScalars.removeLast() }
    return TextSanitizer.sanitize(text)
  }
}
