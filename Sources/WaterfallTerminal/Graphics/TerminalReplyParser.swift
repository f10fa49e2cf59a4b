import Pictures

/// Separates a terminal's answers to the start-up queries from the keys typed meanwhile. Pure: the bytes are the
/// terminal's (and so untrusted), and every answer form is tested without one. Recognised: the kitty graphics
/// reply (`ESC _ G … ; OK ESC \`), XTVERSION (`ESC P > | text ESC \`), the cell size (`ESC [ 6 ; h ; w t`), DA1
/// (`ESC [ ? … c`) and DECRPM for mode 2027 (`ESC [ ? 2027 ; Ps $ y`). Everything else is input, returned in order; a string longer than any answer is dropped.
public struct TerminalReplyParser: Sendable {
  public private(set) var replies = TerminalReplies()
  private var pending: [UInt8] = []
  /// Inside a string too long to be an answer: its bytes are skipped up to its end.
  private var skippingString = false

  /// Longer than any answer we asked for: a string this long is noise.
  static let longestReply = 512

  public init() {}

  /// Takes `bytes` after what was pending; returns the bytes that are not answers (keys typed meanwhile). An
  /// answer cut off at the end waits for the next call.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    pending.append(contentsOf: bytes)
    var input: [UInt8] = []
    var index = 0
    while index < pending.count {
      if skippingString {
        guard let next = skipStringBody(from: index) else {
          pending.removeFirst(index)
          return input
        }
        index = next
        continue
      }
      switch scan(at: index) {
      case .input(let length):
        input += pending[index..<index + length]
        index += length
      case .reply(let length):
        index += length
      case .incomplete:
        pending.removeFirst(index)
        return input
      }
    }
    pending.removeAll()
    return input
  }

  /// No more bytes will come: a cut-off answer is dropped; a lone Esc (the key) is input.
  public mutating func finish() -> [UInt8] {
    defer {
      pending.removeAll()
      skippingString = false
    }
    return pending == [0x1B] ? pending : []
  }

  private enum Scan {
    case input(Int)
    case reply(Int)
    case incomplete
  }

  private static let escape: UInt8 = 0x1B

  private mutating func scan(at start: Int) -> Scan {
    guard pending[start] == Self.escape else { return .input(1) }
    guard start + 1 < pending.count else { return .incomplete }
    switch pending[start + 1] {
    case UInt8(ascii: "_"), UInt8(ascii: "P"): return scanString(at: start)
    case UInt8(ascii: "["): return scanCSI(at: start)
    default: return .input(1)
    }
  }

  /// APC and DCS strings, ended by ST (`ESC \`) or BEL.
  private mutating func scanString(at start: Int) -> Scan {
    var end = start + 2
    while end < pending.count {
      if pending[end] == 0x07 { return finishString(at: start, body: start + 2..<end, length: end + 1 - start) }
      if pending[end] == Self.escape {
        guard end + 1 < pending.count else { return .incomplete }
        if pending[end + 1] == UInt8(ascii: "\\") {
          return finishString(at: start, body: start + 2..<end, length: end + 2 - start)
        }
      }
      end += 1
      if end - start > Self.longestReply {
        skippingString = true
        return .reply(end - start)
      }
    }
    return .incomplete
  }

  /// Skips the rest of an over-long string from `start`; returns where scanning goes on, or `nil` when an Esc at
  /// the very end may begin its ST (it stays pending).
  private mutating func skipStringBody(from start: Int) -> Int? {
    var index = start
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x07 {
        skippingString = false
        return index + 1
      }
      if byte == Self.escape {
        guard index + 1 < pending.count else { return index == start ? nil : index }
        if pending[index + 1] == UInt8(ascii: "\\") {
          skippingString = false
          return index + 2
        }
      }
      index += 1
    }
    return index
  }

  private mutating func finishString(at start: Int, body: Range<Int>, length: Int) -> Scan {
    let text = pending[body]
    if pending[start + 1] == UInt8(ascii: "_"), text.first == UInt8(ascii: "G") {
      // `G` keys `;` message: OK, or an error such as ENOTSUPPORTED.
      if let separator = text.firstIndex(of: UInt8(ascii: ";")) {
        replies.kittyGraphics = Array(text[(separator + 1)...]) == Array("OK".utf8)
      }
    } else if pending[start + 1] == UInt8(ascii: "P"), text.starts(with: Array(">|".utf8)) {
      let printable = text.dropFirst(2).prefix(120).filter { (0x20...0x7E).contains($0) }
      replies.version = String(decoding: printable, as: UTF8.self)
    }
    // Any other string (an answer to something else, an Alt-P or Alt-_ typed before it) carries no key.
    return .reply(length)
  }

  private mutating func scanCSI(at start: Int) -> Scan {
    var end = start + 2
    while end < pending.count, (0x20...0x3F).contains(pending[end]) {
      end += 1
      if end - start > Self.longestReply { return .input(2) }
    }
    guard end < pending.count else { return .incomplete }
    let final = pending[end]
    guard (0x40...0x7E).contains(final) else { return .input(end - start) }
    let parameters = String(decoding: pending[start + 2..<end], as: UTF8.self)
    let length = end + 1 - start
    if final == UInt8(ascii: "c"), parameters.hasPrefix("?") {
      replies.deviceAttributes = Self.numbers(parameters.dropFirst()).compactMap { $0 }
      return .reply(length)
    }
    if final == UInt8(ascii: "y"), parameters.hasPrefix("?"), parameters.hasSuffix("$") {
      // A private mode's report (DECRPM): never a key.
      let numbers = Self.numbers(parameters.dropFirst().dropLast())
      if numbers.count == 2, numbers[0] == 2027, let state = numbers[1] { replies.graphemeClusterMode = state }
      return .reply(length)
    }
    if final == UInt8(ascii: "t") {
      let numbers = Self.numbers(Substring(parameters))
      if numbers.count == 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2],
        GraphicsSetup.saneCellHeights.contains(height), GraphicsSetup.saneCellWidths.contains(width)
      {
        replies.cellPixels = CellPixelSize(width: width, height: height)
      }
      // A window report: never a key.
      return .reply(length)
    }
    return .input(length)
  }

  /// `a;b;c` as numbers; a field that is not a small number is `nil`.
  private static func numbers(_ text: Substring) -> [Int?] {
    text.split(separator: ";", omittingEmptySubsequences: false).map { field in
      field.count <= 6 ? Int(field) : nil
    }
  }
}
