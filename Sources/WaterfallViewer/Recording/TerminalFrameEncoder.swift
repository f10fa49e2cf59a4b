/// The bytes a terminal receives to go from one frame to the next: cursor moves, SGR styles and the changed
/// cells (``ScreenDiff``), or a clear screen and every cell when there was no frame or its size changed. What a
/// recording keeps: it replays in any terminal, colours and pictures included. Pure.
public struct TerminalFrameEncoder: Sendable {
  private var previous: Screen?
  /// Each style's SGR sequence, made once (a frame with pictures changes colour at almost every cell).
  private var sequences: [Style: [UInt8]] = [:]
  /// Whether the bytes are written as the inside of a JSON string (``init(escapingForJSON:)``).
  private let escapesForJSON: Bool
  /// The last frame's length: room enough for the next one, most of the time.
  private var lastFrameByteCount = 4096

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
    // Bytes written through a pointer (``ByteWriter``), and the cells compared in place (``ScreenDiff``'s rule,
    // without its array): a recording encodes every frame.
    var writer = ByteWriter(capacity: lastFrameByteCount)
    if old == nil {
      appendIntroducer(to: &writer)
      writer.append("0m")
      appendIntroducer(to: &writer)
      writer.append("2J")
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
              appendIntroducer(to: &writer)
              writer.appendDecimal(row + 1)
              writer.append(UInt8(ascii: ";"))
              writer.appendDecimal(column + 1)
              writer.append(UInt8(ascii: "H"))
            }
            if let current = style, current != cell.style, current.attributes == cell.style.attributes {
              appendIntroducer(to: &writer)
              Self.appendColourChange(from: current, to: cell.style, to: &writer)
              style = cell.style
            } else if style != cell.style {
              appendSequence(of: cell.style, to: &writer)
              style = cell.style
            }
            cell.packedCharacter.write(to: &writer, escapingForJSON: escapesForJSON)
            // The cursor moves on by the character's width, and never wraps to the next row by itself.
            let advance = Int(max(1, cell.width))
            var nextColumn = column + advance
            while nextColumn >= width { nextColumn -= width }
            cursor = nextColumn == 0 ? -1 : index + advance
          }
        }
      }
    }
    if writer.count > 0 {
      appendIntroducer(to: &writer)
      writer.append("0m")
    }
    lastFrameByteCount = writer.count
    output.append(contentsOf: writer.bytes)
  }

  /// `ESC [`, or its JSON escape `\u001b[`.
  private func appendIntroducer(to writer: inout ByteWriter) {
    writer.append(escapesForJSON ? "\\u001b[" : "\u{1B}[")
  }

  /// The SGR sequence that sets `style` from scratch, made the first time it is needed.
  private mutating func appendSequence(of style: Style, to writer: inout ByteWriter) {
    if let sequence = sequences[style] {
      writer.append(sequence)
      return
    }
    var sequenceWriter = ByteWriter(capacity: 64)
    appendIntroducer(to: &sequenceWriter)
    let sequence = Array(sequenceWriter.bytes) + Array((style.sgrParameters + "m").utf8)
    sequences[style] = sequence
    writer.append(sequence)
  }

  /// `ESC [ 38;5;104 ; 48;5;111 m`: only the colours that changed, the attributes staying as they are. Written
  /// digit by digit (``TerminalColor/sgrChangeParameters(base:)``'s bytes): a picture changes colour at almost
  /// every cell. The introducer is the caller's.
  private static func appendColourChange(from old: Style, to new: Style, to writer: inout ByteWriter) {
    // The packed colours compared: equal exactly when the colours are, without decoding them.
    let foregroundChanged = old.packedForeground != new.packedForeground
    if foregroundChanged { appendColour(new.foreground, base: 30, to: &writer) }
    if old.packedBackground != new.packedBackground {
      if foregroundChanged { writer.append(UInt8(ascii: ";")) }
      appendColour(new.background, base: 40, to: &writer)
    }
    writer.append(UInt8(ascii: "m"))
  }

  private static func appendColour(_ colour: TerminalColor, base: Int, to writer: inout ByteWriter) {
    switch colour {
    case .standard: writer.appendDecimal(base + 9)
    case .palette(let index):
      writer.appendDecimal(base + 8)
      writer.append(";5;")
      writer.appendDecimal(Int(index))
    case .rgb(let red, let green, let blue):
      writer.appendDecimal(base + 8)
      writer.append(";2;")
      writer.appendDecimal(Int(red))
      writer.append(UInt8(ascii: ";"))
      writer.appendDecimal(Int(green))
      writer.append(UInt8(ascii: ";"))
      writer.appendDecimal(Int(blue))
    default: writer.appendDecimal(base + (colour.paletteIndex ?? 0))
    }
  }
}
