import WaterfallViewer

/// Turns the bytes a terminal sends into ``InputEvent``s: UTF-8 text, control keys, the common encodings of the
/// cursor and editing keys (CSI, SS3 and the `~` forms that xterm, tmux, rxvt and the Linux console send), and
/// mouse reports in SGR (`ESC [ < b ; x ; y M`) and X10 (`ESC [ M b x y`) form, and a bracketed paste as one
/// ``InputEvent/paste(_:)`` (``BracketedPaste``). Pure: the terminal reads, this decodes, so every encoding is
/// tested without a terminal.
public struct TerminalInputDecoder: Sendable {
  private var pending: [UInt8] = []
  /// How far into `pending` an unfinished string or CSI sequence was already searched for its end, so that a long
  /// one arriving in many reads is searched once, not again from its start on every read (which was quadratic).
  private var searchedUpTo = 0
  /// The paste being read, between its start and end markers.
  private var paste: BracketedPaste?

  public init() {}

  /// Whether bytes are waiting for the rest of a sequence (a lone Esc is a key only once no more bytes follow).
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// Whether a paste has started and its end has not come yet: what follows is text, however long it takes.
  public var isPasting: Bool { paste != nil }

  /// Decodes `bytes` after whatever was pending; an incomplete sequence at the end waits for the next call.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    var events: [InputEvent] = []
    decode(bytes, appendingTo: &events)
    return events
  }

  /// ``decode(_:)`` into an array the caller keeps, for a caller that decodes many small reads.
  public mutating func decode(_ bytes: some Sequence<UInt8>, appendingTo events: inout [InputEvent]) {
    pending.append(contentsOf: bytes)
    var index = 0
    while index < pending.count {
      if case let (used, ended)? = paste?.take(pending, from: index) {
        index += used
        guard ended else { break }
        if let text = paste?.text, !text.isEmpty { events.append(.paste(text)) }
        paste = nil
        continue
      }
      switch Self.decodeOne(pending, at: index, searchFrom: index == 0 ? searchedUpTo : index) {
      case .incomplete(let searched):
        pending.removeFirst(index)
        searchedUpTo = searched - index
        return
      case .decoded(let event, let length):
        if let event { events.append(event) }
        index += length
      case .pasteStarts(let length):
        paste = BracketedPaste()
        index += length
      }
    }
    // Only the start of a paste's end marker can be left over here.
    pending.removeFirst(index)
    searchedUpTo = 0
  }

  /// Called when no byte followed for the escape delay: a lone pending Esc is the Escape key; a partial sequence
  /// that never completed is dropped. A paste whose end never came ends here with the text it had (the caller
  /// waits longer for a paste than for a key), so that keys work again.
  public mutating func flush() -> [InputEvent] {
    defer {
      pending.removeAll(keepingCapacity: true)
      searchedUpTo = 0
      paste = nil
    }
    if let text = paste?.text { return text.isEmpty ? [] : [.paste(text)] }
    return pending == [0x1B] ? [.key(.escape)] : []
  }

  private enum Step {
    /// The bytes end before the sequence does; those before the index given need not be searched again.
    case incomplete(searchedUpTo: Int)
    /// `nil` for bytes that mean nothing to the viewer (a release, a focus report), which are consumed.
    case decoded(InputEvent?, length: Int)
    /// `ESC [ 200 ~`: what follows is pasted text, up to `ESC [ 201 ~`.
    case pasteStarts(length: Int)
  }

  /// `searchFrom`: where an unfinished sequence starting at `start` was searched up to before (`start` if never).
  private static func decodeOne(_ bytes: [UInt8], at start: Int, searchFrom: Int) -> Step {
    let byte = bytes[start]
    switch byte {
    case 0x1B: return decodeEscape(bytes, at: start, searchFrom: searchFrom)
    case 0x0D, 0x0A: return .decoded(.key(.enter), length: 1)
    case 0x09: return .decoded(.key(.tab), length: 1)
    case 0x7F, 0x08: return .decoded(.key(.backspace), length: 1)
    case 0x01...0x1A: return .decoded(.key(.control(Character(Unicode.Scalar(byte + 0x60)))), length: 1)
    case 0x00, 0x1C...0x1F: return .decoded(nil, length: 1)
    case 0x20...0x7E: return .decoded(.key(.character(Character(Unicode.Scalar(byte)))), length: 1)
    default: return decodeUTF8(bytes, at: start)
    }
  }

  private static func decodeUTF8(_ bytes: [UInt8], at start: Int) -> Step {
    let lead = bytes[start]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .decoded(nil, length: 1)  // a stray continuation or invalid byte
    }
    let available = bytes.count - start
    for offset in 1..<min(length, available) where bytes[start + offset] & 0xC0 != 0x80 {
      return .decoded(nil, length: offset)
    }
    guard available >= length else { return .incomplete(searchedUpTo: start) }
    var text = String(decoding: bytes[start..<start + length], as: UTF8.self)
    guard let scalar = text.unicodeScalars.first, scalar.value != 0xFFFD, text.unicodeScalars.count == 1 else {
      return .decoded(nil, length: length)
    }
    // C1 controls are never keys.
    if (0x80...0x9F).contains(scalar.value) { return .decoded(nil, length: length) }
    text = String(scalar)
    return .decoded(.key(.character(Character(text))), length: length)
  }

  private static func decodeEscape(_ bytes: [UInt8], at start: Int, searchFrom: Int) -> Step {
    guard start + 1 < bytes.count else { return .incomplete(searchedUpTo: start) }
    let next = bytes[start + 1]
    switch next {
    case UInt8(ascii: "["): return decodeCSI(bytes, at: start, searchFrom: searchFrom)
    case UInt8(ascii: "_"), UInt8(ascii: "P"): return skipString(bytes, at: start, searchFrom: searchFrom)
    case UInt8(ascii: "O"):
      guard start + 2 < bytes.count else { return .incomplete(searchedUpTo: start) }
      return .decoded(finalKey(bytes[start + 2]).map(InputEvent.key), length: 3)
    case 0x1B:
      // Esc Esc: the first is the key; the second starts again.
      return .decoded(.key(.escape), length: 1)
    default:
      // Alt and a key: not bound to anything, and not the key alone either.
      let alone = decodeOne(bytes, at: start + 1, searchFrom: start + 1)
      if case .decoded(_, let length) = alone { return .decoded(nil, length: 1 + length) }
      return .incomplete(searchedUpTo: start)
    }
  }

  /// An APC or DCS string (a terminal's late answer to a start-up query) is never keys: skipped whole, up to ST
  /// or BEL.
  private static func skipString(_ bytes: [UInt8], at start: Int, searchFrom: Int) -> Step {
    var end = max(start + 2, searchFrom)
    while end < bytes.count {
      if bytes[end] == 0x07 { return .decoded(nil, length: end + 1 - start) }
      if bytes[end] == 0x1B {
        guard end + 1 < bytes.count else { return .incomplete(searchedUpTo: end) }
        if bytes[end + 1] == UInt8(ascii: "\\") { return .decoded(nil, length: end + 2 - start) }
      }
      end += 1
    }
    return .incomplete(searchedUpTo: end)
  }

  private static func decodeCSI(_ bytes: [UInt8], at start: Int, searchFrom: Int) -> Step {
    let body = start + 2
    guard body < bytes.count else { return .incomplete(searchedUpTo: start) }
    if bytes[body] == UInt8(ascii: "M") {
      // X10 mouse: three bytes follow, each offset by 32.
      guard body + 3 < bytes.count else { return .incomplete(searchedUpTo: start) }
      let button = Int(bytes[body + 1]) - 32
      let x = Int(bytes[body + 2]) - 33
      let y = Int(bytes[body + 3]) - 33
      return .decoded(mouse(button: button, x: x, y: y, released: button & 3 == 3), length: 6)
    }
    // Parameters and intermediates, then one final byte in 0x40...0x7E.
    var end = max(body, searchFrom)
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
      guard (0x20...0x3F).contains(bytes[end]) else { return .decoded(nil, length: end - start) }
      end += 1
    }
    guard end < bytes.count else { return .incomplete(searchedUpTo: end) }
    let length = end - start + 1
    let final = bytes[end]
    if bytes[body] == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      var numbers = (button: 0, x: 0, y: 0)
      var count = 0
      for field in ParameterFields(bytes: bytes, range: body + 1..<end) {
        count += 1
        guard count <= 3, let number = field else { return .decoded(nil, length: length) }
        switch count {
        case 1: numbers.button = number
        case 2: numbers.x = number
        default: numbers.y = number
        }
      }
      guard count == 3 else { return .decoded(nil, length: length) }
      return .decoded(
        mouse(button: numbers.button, x: numbers.x - 1, y: numbers.y - 1, released: final == UInt8(ascii: "m")),
        length: length)
    }
    if final == UInt8(ascii: "~") {
      var fields = ParameterFields(bytes: bytes, range: body..<end)
      let first = fields.next().flatMap { $0 }
      if first == BracketedPaste.startNumber { return .pasteStarts(length: length) }
      return .decoded(first.flatMap(tildeKey).map(InputEvent.key), length: length)
    }
    return .decoded(finalKey(final).map(InputEvent.key), length: length)
  }

  /// The non-empty `;`-separated fields of a CSI sequence's parameters, each read as `Int(_:)` reads text (a
  /// sign, digits; nil for anything else or an overflow), straight from the bytes: the decoder runs on every read,
  /// and Strings and arrays here were most of its cost.
  private struct ParameterFields: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    var range: Range<Int>

    mutating func next() -> Int?? {
      var start = range.lowerBound
      while start < range.upperBound, bytes[start] == UInt8(ascii: ";") { start += 1 }
      guard start < range.upperBound else { return nil }
      var end = start
      while end < range.upperBound, bytes[end] != UInt8(ascii: ";") { end += 1 }
      range = end..<range.upperBound
      return .some(Self.integer(bytes[start..<end]))
    }

    private static func integer(_ field: ArraySlice<UInt8>) -> Int? {
      var digits = field[...]
      let negative = digits.first == UInt8(ascii: "-")
      if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
      guard !digits.isEmpty else { return nil }
      var value = 0
      for byte in digits {
        guard (0x30...0x39).contains(byte) else { return nil }
        let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
        let digit = Int(byte - 0x30)
        let (sum, overflowedAgain) =
          negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        guard !overflowed, !overflowedAgain else { return nil }
        value = sum
      }
      return value
    }
  }

  /// The key a CSI or SS3 sequence names by its final byte (with or without modifier parameters).
  private static func finalKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "M"): return .enter  // SS3 M: keypad Enter
    default: return nil
    }
  }

  /// `ESC [ n ~`: 1 and 7 are Home, 4 and 8 are End (VT220, rxvt, the Linux console), 5 / 6 the page keys.
  private static func tildeKey(_ number: Int) -> Key? {
    switch number {
    case 1, 7: return .home
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    default: return nil
    }
  }

  /// A press of the left button or a wheel notch; releases, drags and other buttons mean nothing here.
  private static func mouse(button: Int, x: Int, y: Int, released: Bool) -> InputEvent? {
    guard x >= 0, y >= 0, !released, button & 32 == 0 else { return nil }
    switch button & ~(4 | 8 | 16) {
    case 0: return .mouse(MouseEvent(kind: .press, x: x, y: y))
    case 64: return .mouse(MouseEvent(kind: .wheelUp, x: x, y: y))
    case 65: return .mouse(MouseEvent(kind: .wheelDown, x: x, y: y))
    default: return nil
    }
  }
}
