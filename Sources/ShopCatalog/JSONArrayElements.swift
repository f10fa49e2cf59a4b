/// Walks the elements of a JSON document whose root is an array, one element at a time, without building the
/// array: each element's bytes are parsed on their own, so a large file is read in constant extra memory and the
/// first items are ready long before the last ones are read. The input may also arrive in pieces (a pipe, a file
/// read in chunks): ``extend(_:isComplete:)`` hands over the longer input, and an element cut off at the end waits
/// for it, its scan continued where it stopped (a record larger than many chunks is scanned once, not again from
/// its start at each).
struct JSONArrayElements {
  private enum Phase {
    case beforeArray, firstElement, element, afterArray
  }

  private var bytes: UnsafeBufferPointer<UInt8>
  private var isInputComplete = true
  private var phase = Phase.beforeArray
  private var position = 0
  private var line = 1
  private var lineStart = 0
  private(set) var isFinished = false

  /// An element the input so far ends inside: where it starts, and the state of its scan (at ``position``).
  private struct PartialElement {
    var start: Int
    var line: Int
    var lineStart: Int
    var depth = 0
    var inString = false
  }

  private var partialElement: PartialElement?
  /// Bytes the element scans have passed over, in all: about the input's length however it was cut (the tests'
  /// measure that reading stays linear).
  private(set) var scannedBytes = 0

  /// `bytes` must start at the root's `[` after optional white space (see ``startsWithArray(_:)``).
  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Whether the document's first non-blank byte opens an array.
  static func startsWithArray(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.first { !isBlank($0) } == UInt8(ascii: "[")
  }

  /// Bytes consumed so far, for progress.
  var bytesRead: Int { position }

  /// The input so far, which starts with the input before (moved, perhaps); `isComplete`: nothing more comes.
  mutating func extend(_ longer: UnsafeBufferPointer<UInt8>, isComplete: Bool) {
    (bytes, isInputComplete) = (longer, isComplete)
  }

  /// One element's bytes, and where it starts in the document.
  struct Element {
    var range: Range<Int>
    var line: Int
    var column: Int
  }

  /// The next element's value; `nil` after the closing `]` (``isFinished``), or when the input so far ends
  /// inside the next element. Syntax errors carry the document's line and column.
  mutating func next() throws(JSONReader.SyntaxError) -> DatasetValue? {
    guard let element = try nextElement() else { return nil }
    let value = try parse(element)
    try endElement()
    return value
  }

  /// The next element's bytes; `nil` after the closing `]`, or (input still coming) when the input so far ends
  /// inside it. Read it (``parse(_:)``), then call ``endElement()``.
  mutating func nextElement() throws(JSONReader.SyntaxError) -> Element? {
    if let partial = partialElement { return scanToEnd(of: partial) }
    while !isFinished {
      skipBlanks()
      if position >= bytes.count {
        if !isInputComplete { return nil }
        guard phase == .afterArray else { throw syntaxError("unexpected end of input: the array is not closed") }
        isFinished = true
        return nil
      }
      switch phase {
      case .beforeArray:
        position += 1  // the `[`
        phase = .firstElement
      case .afterArray:
        throw syntaxError("unexpected text after the value")
      case .firstElement, .element:
        if bytes[position] == UInt8(ascii: "]") {
          if phase == .element { throw syntaxError("trailing comma before ]") }
          position += 1
          phase = .afterArray
          continue
        }
        return scanToEnd(of: PartialElement(start: position, line: line, lineStart: lineStart))
      }
    }
    return nil
  }

  /// The element `partial` begins, scanned on from ``position`` to its end; nil (its state kept) when the input
  /// so far ends inside it.
  private mutating func scanToEnd(of partial: PartialElement) -> Element? {
    var partial = partial
    partialElement = nil
    if !scanElement(depth: &partial.depth, inString: &partial.inString), !isInputComplete {
      partialElement = partial
      return nil
    }
    return Element(range: partial.start..<position, line: partial.line, column: partial.start - partial.lineStart + 1)
  }

  /// The next element when it is an item of the common shape, read straight from the document in the same pass
  /// that finds its end (``JSONItemScanner/scanObject(_:from:limit:)``), the walker left at the `,` or `]` after
  /// it (call ``endElement()``). Nil, and nothing moved, for any other element (or the array's first, or input
  /// that ends inside it): then ``nextElement()``.
  mutating func nextScannedItem() -> JSONItemScanner.Item? {
    guard !isFinished, partialElement == nil, phase == .firstElement || phase == .element else { return nil }
    let saved = (position, line, lineStart)
    skipBlanks()
    guard let scanned = JSONItemScanner.scanObject(bytes, from: position, limit: bytes.count) else {
      (position, line, lineStart) = saved
      return nil
    }
    position = scanned.end
    if scanned.lineBreaks > 0 { (line, lineStart) = (line + scanned.lineBreaks, scanned.lastLineBreak + 1) }
    skipBlanks()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "]") else {
      (position, line, lineStart) = saved
      return nil
    }
    return scanned.item
  }

  /// The element's value; a syntax error in it carries the document's line and column.
  func parse(_ element: Element) throws(JSONReader.SyntaxError) -> DatasetValue {
    do {
      return try JSONReader.parse(Array(bytes[element.range]))
    } catch {
      throw JSONReader.SyntaxError(
        line: element.line + error.line - 1, column: error.line == 1 ? element.column + error.column - 1 : error.column,
        message: error.message)
    }
  }

  /// Moves past the `,` or `]` after the element just read.
  mutating func endElement() throws(JSONReader.SyntaxError) {
    guard position < bytes.count else { throw syntaxError("unexpected end of input: the array is not closed") }
    phase = bytes[position] == UInt8(ascii: "]") ? .afterArray : .element
    position += 1  // the `,` or `]`
    if phase == .afterArray, isInputComplete {
      // What follows the array is known now: nothing but blanks.
      skipBlanks()
      guard position == bytes.count else { throw syntaxError("unexpected text after the value") }
      isFinished = true
    }
  }

  /// Moves to the `,` or `]` that ends the element at depth 0, minding strings: true there; false at the end of
  /// the input (before a lone `\` that ends input still to come, so the scan continues with its escape).
  private mutating func scanElement(depth: inout Int, inString: inout Bool) -> Bool {
    let scanStart = position
    defer { scannedBytes += position - scanStart }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x0A { (line, lineStart) = (line + 1, position + 1) }
      if inString {
        if byte == UInt8(ascii: "\\") {
          if position + 1 >= bytes.count, !isInputComplete { return false }
          position += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if depth == 0 { return true }
          depth -= 1
        case UInt8(ascii: ","):
          if depth == 0 { return true }
        default: break
        }
      }
      position += 1
    }
    position = min(position, bytes.count)
    return false
  }

  private mutating func skipBlanks() {
    while position < bytes.count, Self.isBlank(bytes[position]) {
      if bytes[position] == 0x0A { (line, lineStart) = (line + 1, position + 1) }
      position += 1
    }
  }

  static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

  private func syntaxError(_ message: String) -> JSONReader.SyntaxError {
    JSONReader.SyntaxError(line: line, column: position - lineStart + 1, message: message)
  }
}
