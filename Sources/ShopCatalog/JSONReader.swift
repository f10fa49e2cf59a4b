/// A strict JSON reader (RFC 8259) over UTF-8 bytes. Foundation's parser on Linux accepts trailing commas and
/// other JSON5 leniencies and reports no line numbers; a dataset checker needs both.
struct JSONReader {
  struct SyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String

    var description: String { "line \(line), column \(column): \(message)" }
  }

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  private static let maximumDepth = 512

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Parses one whole document: exactly one value, surrounded only by white space.
  static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> DatasetValue {
    var reader = JSONReader(bytes)
    reader.skipWhitespace()
    let value = try reader.parseValue()
    reader.skipWhitespace()
    guard reader.position == bytes.count else { throw reader.error("unexpected text after the value") }
    return value
  }

  private mutating func parseValue() throws(SyntaxError) -> DatasetValue {
    guard position < bytes.count else { throw error("unexpected end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character \(describeCharacter())")
    }
  }

  private mutating func parseObject() throws(SyntaxError) -> DatasetValue {
    try enter()
    position += 1
    var members: [String: DatasetValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) {
      depth -= 1
      return .dictionary(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error(peekIs(UInt8(ascii: "}")) ? "trailing comma before }" : "expected a member name in quotes")
      }
      let key = try parseString()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw error("expected : after the member name") }
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { break }
      guard consume(UInt8(ascii: ",")) else { throw error("expected , or } in an object") }
    }
    depth -= 1
    return .dictionary(members)
  }

  private mutating func parseArray() throws(SyntaxError) -> DatasetValue {
    try enter()
    position += 1
    var elements: [DatasetValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) {
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peekIs(UInt8(ascii: "]")) { throw error("trailing comma before ]") }
      elements.append(try parseValue())
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { break }
      guard consume(UInt8(ascii: ",")) else { throw error("expected , or ] in an array") }
    }
    depth -= 1
    return .array(elements)
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    position += 1
    // Fast path: no escapes and no control characters, so the bytes are the string.
    var end = position
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      defer { position = end + 1 }
      return String(decoding: bytes[position..<end], as: UTF8.self)
    }
    var scalars: [UInt8] = Array(bytes[position..<end])
    position = end
    while true {
      guard position < bytes.count else { throw error("unterminated string") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        // Invalid UTF-8 becomes U+FFFD rather than an error.
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { throw error("unterminated escape") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"): scalars.append(contentsOf: try parseUnicodeEscape())
        default: throw error("invalid escape \\\(describe(escape))")
        }
      case 0..<0x20:
        throw error("control character \(describe(byte)) inside a string")
      default:
        scalars.append(byte)
        position += 1
      }
    }
  }

  private mutating func parseUnicodeEscape() throws(SyntaxError) -> [UInt8] {
    let high = try parseHex4()
    var scalar: UInt32 = high
    if (0xD800..<0xDC00).contains(high), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
      bytes[position + 1] == UInt8(ascii: "u")
    {
      let saved = position
      position += 2
      let low = try parseHex4()
      if (0xDC00..<0xE000).contains(low) {
        scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
      } else {
        position = saved
      }
    }
    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
    return Array(String(character).utf8)
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("unterminated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit \(describe(byte)) in \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private mutating func parseNumber() throws(SyntaxError) -> DatasetValue {
    let start = position
    var isReal = false
    _ = consume(UInt8(ascii: "-"))
    guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) { throw error("leading zero in a number") }
    } else {
      skipDigits()
    }
    if consume(UInt8(ascii: ".")) {
      isReal = true
      guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit after .") }
      skipDigits()
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      isReal = true
      position += 1
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      guard position < bytes.count, isDigit(bytes[position]) else { throw error("expected a digit in the exponent") }
      skipDigits()
    }
    if !isReal, position - start <= 18 {
      // Up to 18 digits cannot overflow: read them directly.
      var value = 0
      let negative = bytes[start] == UInt8(ascii: "-")
      for byte in bytes[(negative ? start + 1 : start)..<position] {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return .integer(negative ? -value : value)
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if !isReal, let integer = Int(text) { return .integer(integer) }
    return .real(Double(text) ?? .nan)
  }

  private mutating func parseLiteral(_ word: String, _ value: DatasetValue) throws(SyntaxError) -> DatasetValue {
    let expected = Array(word.utf8)
    guard position + expected.count <= bytes.count, bytes[position..<position + expected.count].elementsEqual(expected)
    else { throw error("unexpected character \(describeCharacter())") }
    position += expected.count
    return value
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func skipDigits() {
    while position < bytes.count, isDigit(bytes[position]) { position += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func peekIs(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard peekIs(byte) else { return false }
    position += 1
    return true
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }

  /// The character starting at `position`, as a person would name it: itself in quotes when it is visible (a
  /// letter, digit, mark, punctuation or symbol: `'小'`), else its code point (`U+202E`), and a byte that starts no
  /// UTF-8 character as the byte (`byte 0xff`). Nothing invisible or controlling is echoed from the file.
  private func describeCharacter() -> String {
    let byte = bytes[position]
    let length =
      switch byte {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1
      }
    let end = min(position + length, bytes.count)
    var decoded = String(decoding: bytes[position..<end], as: UTF8.self).unicodeScalars.makeIterator()
    guard let scalar = decoded.next(), scalar != "\u{FFFD}", byte >= 0x21, byte != 0x7F else {
      return "byte 0x\(String(byte, radix: 16))"
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
      .spaceSeparator:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    default: return "'\(Character(scalar))'"
    }
  }

  /// What went wrong where; a file that ends where something more was expected says so first (a file cut short).
  private func error(_ message: String) -> SyntaxError {
    let message =
      position >= bytes.count && message.hasPrefix("expected") ? "unexpected end of input (\(message))" : message
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    return SyntaxError(line: line, column: position - lineStart + 1, message: message)
  }
}
