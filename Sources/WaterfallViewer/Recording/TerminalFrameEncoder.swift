/// The bytes a terminal receives to go from one frame to the next: cursor moves, SGR styles and the changed
/// cells (``ScreenDiff``), or a clear screen and every cell when there was no frame or its size changed. What a
/// recording keeps: it replays in any terminal, colours and pictures included. Pure.
public struct TerminalFrameEncoder: Sendable {
  private var previous: Screen?
  /// Each style's SGR sequence, made once (a frame with pictures changes colour at almost every cell).
  private var sequences: [Style: [UInt8]] = [:]
  /// Whether the bytes are written as the inside of a JSON string (``init(escapingForJSON:)``).
  private let escapesForJSON: Bool

  /// `escapingForJSON`: the bytes come out as the inside of a JSON string (an ESC as `\u001b`, a quote as
  /// `\"`), as a recording's output event holds them: escaped as they are written instead of in a pass of
  /// their own over megabytes.
  public init(escapingForJSON: Bool = false) {
    escapesForJSON = escapingForJSON
  }

  /// The bytes that turn the previous frame into `screen` (empty when nothing changed).
  public mutating func encode(_ screen: Screen) -> String {
    String(decoding: encodeBytes(screen), as: UTF8.self)
  }

  /// ``encode(_:)`` as UTF-8 bytes.
  mutating func encodeBytes(_ screen: Screen) -> [UInt8] {
    var output: [UInt8] = []
    encode(screen, appendingTo: &output)
    return output
  }

  /// ``encode(_:)`` as UTF-8 bytes appended to `output` (a recorder reuses one buffer for every frame).
  mutating func encode(_ screen: Screen, appendingTo output: inout [UInt8]) {
    let old = previous.flatMap { $0.width == screen.width && $0.height == screen.height ? $0.cells : nil }
    previous = screen
    // Bytes, not String appends, and the cells compared in place (``ScreenDiff``'s rule, without its array): a
    // recording encodes every frame.
    let start = output.count
    if old == nil {
      appendIntroducer(to: &output)
      output += "0m".utf8
      appendIntroducer(to: &output)
      output += "2J".utf8
    }
    let width = screen.width
    var cursor = -1
    var style: Style? = nil
    // Rows and columns counted, not divided out of the index: a division per written cell was the encoder's
    // single most expensive instruction.
    screen.cells.withUnsafeBufferPointer { cells in
      (old ?? []).withUnsafeBufferPointer { oldCells in
        for row in 0..<screen.height {
          for column in 0..<width {
            let index = row * width + column
            let cell = cells[index]
            if old != nil, oldCells[index] == cell { continue }
            guard !cell.isContinuation, !cell.packedCharacter.isNone else { continue }
            if cursor != index {
              appendIntroducer(to: &output)
              Self.appendDecimal(row + 1, to: &output)
              output.append(UInt8(ascii: ";"))
              Self.appendDecimal(column + 1, to: &output)
              output.append(UInt8(ascii: "H"))
            }
            if let current = style, current != cell.style, current.attributes == cell.style.attributes {
              appendIntroducer(to: &output)
              Self.appendColourChange(from: current, to: cell.style, to: &output)
              style = cell.style
            } else if style != cell.style {
              appendSequence(of: cell.style, to: &output)
              style = cell.style
            }
            if escapesForJSON {
              cell.packedCharacter.appendJSONEscapedUTF8(to: &output)
            } else {
              cell.packedCharacter.appendUTF8(to: &output)
            }
            // The cursor moves on by the character's width, and never wraps to the next row by itself.
            let advance = Int(max(1, cell.width))
            var nextColumn = column + advance
            while nextColumn >= width { nextColumn -= width }
            cursor = nextColumn == 0 ? -1 : index + advance
          }
        }
      }
    }
    if output.count > start {
      appendIntroducer(to: &output)
      output += "0m".utf8
    }
  }

  /// `ESC [`, or its JSON escape `\u001b[`, from static memory (no array to retain at every cell).
  private func appendIntroducer(to output: inout [UInt8]) {
    let introducer: StaticString = escapesForJSON ? "\\u001b[" : "\u{1B}["
    introducer.withUTF8Buffer { output.append(contentsOf: $0) }
  }

  /// The SGR sequence that sets `style` from scratch, made the first time it is needed.
  private mutating func appendSequence(of style: Style, to output: inout [UInt8]) {
    if let sequence = sequences[style] {
      output += sequence
      return
    }
    var sequence: [UInt8] = []
    appendIntroducer(to: &sequence)
    sequence += (style.sgrParameters + "m").utf8
    sequences[style] = sequence
    output += sequence
  }

  /// `ESC [ 38;5;104 ; 48;5;111 m`: only the colours that changed, the attributes staying as they are. Written
  /// digit by digit (``TerminalColor/sgrChangeParameters(base:)``'s bytes): a picture changes colour at almost
  /// every cell. The introducer is the caller's.
  private static func appendColourChange(from old: Style, to new: Style, to output: inout [UInt8]) {
    // The packed colours compared: equal exactly when the colours are, without decoding them.
    let foregroundChanged = old.packedForeground != new.packedForeground
    if foregroundChanged { appendColour(new.foreground, base: 30, to: &output) }
    if old.packedBackground != new.packedBackground {
      if foregroundChanged { output.append(UInt8(ascii: ";")) }
      appendColour(new.background, base: 40, to: &output)
    }
    output.append(UInt8(ascii: "m"))
  }

  private static func appendColour(_ colour: TerminalColor, base: Int, to output: inout [UInt8]) {
    switch colour {
    case .standard: appendDecimal(base + 9, to: &output)
    case .palette(let index):
      appendDecimal(base + 8, to: &output)
      output.append(UInt8(ascii: ";"))
      output.append(UInt8(ascii: "5"))
      output.append(UInt8(ascii: ";"))
      appendDecimal(Int(index), to: &output)
    case .rgb(let red, let green, let blue):
      appendDecimal(base + 8, to: &output)
      // Byte by byte and part by part: no array literal to allocate at every cell of a picture.
      output.append(UInt8(ascii: ";"))
      output.append(UInt8(ascii: "2"))
      output.append(UInt8(ascii: ";"))
      appendDecimal(Int(red), to: &output)
      output.append(UInt8(ascii: ";"))
      appendDecimal(Int(green), to: &output)
      output.append(UInt8(ascii: ";"))
      appendDecimal(Int(blue), to: &output)
    default: appendDecimal(base + (colour.paletteIndex ?? 0), to: &output)
    }
  }

  private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    // Rows, columns and colour parts are below 1,000: their digits without recursion.
    let zero = UInt8(ascii: "0")
    if value >= 1000 { appendDecimal(value / 1000, to: &bytes) }
    if value >= 100 { bytes.append(zero + UInt8(value / 100 % 10)) }
    if value >= 10 { bytes.append(zero + UInt8(value / 10 % 10)) }
    bytes.append(zero + UInt8(value % 10))
  }
}
