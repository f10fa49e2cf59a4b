import Foundation

/// The sort key of the last row a page of a SQL source showed (a keyset cursor's key): the next page is the rows
/// after it. Here, not in each engine, so that every SQL source writes and reads it in one text form.
public enum KeysetKey: Hashable, Sendable {
  /// No key: a section's start, or an order without one.
  case none
  case number(Double)
  /// Text as its UTF-8 bytes, or a blob.
  case bytes([UInt8])

  /// The key as one word of a cursor's text: `-`, `n` and the number's bits in hex, or `b` and the bytes in hex.
  public var token: String {
    switch self {
    case .none: "-"
    case .number(let number): "n" + String(number.bitPattern, radix: 16)
    case .bytes(let bytes): "b" + bytes.map { String(format: "%02x", $0) }.joined()
    }
  }

  /// The key `token` wrote; `nil` for a word it cannot have written.
  public init?(token: String) {
    if token == "-" {
      self = .none
    } else if token.hasPrefix("n"), let bits = UInt64(token.dropFirst(), radix: 16) {
      self = .number(Double(bitPattern: bits))
    } else if token.hasPrefix("b") {
      let hex = Array(token.utf8.dropFirst())
      guard hex.count.isMultiple(of: 2) else { return nil }
      var bytes: [UInt8] = []
      for index in stride(from: 0, to: hex.count, by: 2) {
        guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
        bytes.append(byte)
      }
      self = .bytes(bytes)
    } else {
      return nil
    }
  }
}
