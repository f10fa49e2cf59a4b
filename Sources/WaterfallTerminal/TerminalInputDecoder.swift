import WaterfallViewer

/// Turns the bytes a terminal sends into ``InputEvent``s: UTF-8 text, control keys, the common encodings of the
/// cursor and editing keys (CSI, SS3 and the `~` forms that xterm, tmux, rxvt and the Linux console send), and
/// mouse reports in SGR (`ESC [ < b ; x ; y M`) and X10 (`ESC [ M b x y`) form. Pure: the terminal reads, this
/// decodes, so every encoding is tested without a terminal.
public struct TerminalInputDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Whether bytes are waiting for the rest of a sequence (a lone Esc is a key only once no more bytes follow).
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// Decodes `bytes` after whatever was pending; an incomplete sequence at the end waits for the next call.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    pending.append(contentsOf: bytes)
    var events: [InputEvent] = []
    var index = 0
    while index < pending.count {
      switch Self.decodeOne(pending, at: index) {
      case .incomplete:
        pending.removeFirst(index)
        return events
      case .decoded(let event, let length):
        if let event { events.append(event) }
        index += length
      }
    }
    pending.removeAll(keepingCapacity: true)
    return events
  }

  /// Called when no byte followed for the escape delay: a lone pending Esc is the Escape key; a partial sequence
  /// that never completed is dropped.
  public mutating func flush() -> [InputEvent] {
    defer { pending.removeAll(keepingCapacity: true) }
    return pending == [0x1B] ? [.key(.escape)] : []
  }

  private enum Step {
    case incomplete
    /// `nil` for bytes that mean nothing to the viewer (a release, a focus report), which are consumed.
    case decoded(InputEvent?, length: Int)
  }

  private static func decodeOne(_ bytes: [UInt8], at start: Int) -> Step {
    let byte = bytes[start]
    switch byte {
    case 0x1B: return decodeEscape(bytes, at: start)
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
    guard available >= length else { return .incomplete }
    var text = String(decoding: bytes[start..<start + length], as: UTF8.self)
    guard let scalar = text.unicodeScalars.first, scalar.value != 0xFFFD, text.unicodeScalars.count == 1 else {
      return .decoded(nil, length: length)
    }
    // C1 controls are never keys.
    if (0x80...0x9F).contains(scalar.value) { return .decoded(nil, length: length) }
    text = String(scalar)
    return .decoded(.key(.character(Character(text))), length: length)
  }

  private static func decodeEscape(_ bytes: [UInt8], at start: Int) -> Step {
    guard start + 1 < bytes.count else { return .incomplete }
    let next = bytes[start + 1]
    switch next {
    case UInt8(ascii: "["): return decodeCSI(bytes, at: start)
    case UInt8(ascii: "_"), UInt8(ascii: "P"): return skipString(bytes, at: start)
    case UInt8(ascii: "O"):
      guard start + 2 < bytes.count else { return .incomplete }
      return .decoded(finalKey(bytes[start + 2]).map(InputEvent.key), length: 3)
    case 0x1B:
      // Esc Esc: the first is the key; the second starts again.
      return .decoded(.key(.escape), length: 1)
    default:
      // Alt and a key: not bound to anything, and not the key alone either.
      let alone = decodeOne(bytes, at: start + 1)
      if case .decoded(_, let length) = alone { return .decoded(nil, length: 1 + length) }
      return .incomplete
    }
  }

  /// An APC or DCS string (a terminal's late answer to a start-up query) is never keys: skipped whole, up to ST
  /// or BEL.
  private static func skipString(_ bytes: [UInt8], at start: Int) -> Step {
    var end = start + 2
    while end < bytes.count {
      if bytes[end] == 0x07 { return .decoded(nil, length: end + 1 - start) }
      if bytes[end] == 0x1B {
        guard end + 1 < bytes.count else { return .incomplete }
        if bytes[end + 1] == UInt8(ascii: "\\") { return .decoded(nil, length: end + 2 - start) }
      }
      end += 1
    }
    return .incomplete
  }

  private static func decodeCSI(_ bytes: [UInt8], at start: Int) -> Step {
    let body = start + 2
    guard body < bytes.count else { return .incomplete }
    if bytes[body] == UInt8(ascii: "M") {
      // X10 mouse: three bytes follow, each offset by 32.
      guard body + 3 < bytes.count else { return .incomplete }
      let button = Int(bytes[body + 1]) - 32
      let x = Int(bytes[body + 2]) - 33
      let y = Int(bytes[body + 3]) - 33
      return .decoded(mouse(button: button, x: x, y: y, released: button & 3 == 3), length: 6)
    }
    // Parameters and intermediates, then one final byte in 0x40...0x7E.
    var end = body
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) {
      guard (0x20...0x3F).contains(bytes[end]) else { return .decoded(nil, length: end - start) }
      end += 1
    }
    guard end < bytes.count else { return .incomplete }
    let length = end - start + 1
    let final = bytes[end]
    let parameters = String(decoding: bytes[body..<end], as: UTF8.self)
    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      let numbers = parameters.dropFirst().split(separator: ";").map { Int($0) ?? -1 }
      guard numbers.count == 3 else { return .decoded(nil, length: length) }
      return .decoded(
        mouse(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, released: final == UInt8(ascii: "m")),
        length: length)
    }
    if final == UInt8(ascii: "~") {
      let first = parameters.split(separator: ";").first.flatMap { Int($0) }
      return .decoded(first.flatMap(tildeKey).map(InputEvent.key), length: length)
    }
    return .decoded(finalKey(final).map(InputEvent.key), length: length)
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
