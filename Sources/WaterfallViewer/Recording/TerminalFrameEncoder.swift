/// The bytes a terminal receives to go from one frame to the next: cursor moves, SGR styles and the changed
/// cells (``ScreenDiff``), or a clear screen and every cell when there was no frame or its size changed. What a
/// recording keeps: it replays in any terminal, colours and pictures included. Pure.
public struct TerminalFrameEncoder: Sendable {
  private var previous: Screen?
  /// Each style's SGR sequence, made once (a frame with pictures changes colour at almost every cell).
  private var sequences: [Style: [UInt8]] = [:]
  /// Whether the bytes are written as the inside of a JSON string (``init(escapingForJSON:)``).
  private let escapesForJSON: Bool
  /// `ESC [`, or its JSON escape `\u001b[`.
  private let controlSequenceIntroducer: [UInt8]

  /// `escapingForJSON`: the bytes come out as the inside of a JSON string (an ESC as `\u001b`, a quote as
  /// `\"`), as a recording's output event holds them: escaped as they are written instead of in a pass of
  /// their own over megabytes.
  public init(escapingForJSON: Bool = false) {
    escapesForJSON = escapingForJSON
    controlSequenceIntroducer = escapingForJSON ? Array("\\u001b[".utf8) : [0x1B, UInt8(ascii: "[")]
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
      output += controlSequenceIntroducer
      output += "0m".utf8
      output += controlSequenceIntroducer
      output += "2J".utf8
    }
    var cursor = -1
    var style: Style? = nil
    let cells = screen.cells
    for index in cells.indices {
      let cell = cells[index]
      if let old, old[index] == cell { continue }
      guard !cell.isContinuation, !cell.packedCharacter.isNone else { continue }
      if cursor != index {
        output += controlSequenceIntroducer
        Self.appendDecimal(index / screen.width + 1, to: &output)
        output.append(UInt8(ascii: ";"))
        Self.appendDecimal(index % screen.width + 1, to: &output)
        output.append(UInt8(ascii: "H"))
      }
      if let current = style, current != cell.style, current.attributes == cell.style.attributes {
        output += controlSequenceIntroducer
        Self.appendColourChange(from: current, to: cell.style, to: &output)
        style = cell.style
      } else if style != cell.style {
        if sequences[cell.style] == nil {
          sequences[cell.style] = controlSequenceIntroducer + Array((cell.style.sgrParameters + "m").utf8)
        }
        output += sequences[cell.style]!
        style = cell.style
      }
      if escapesForJSON {
        cell.packedCharacter.appendJSONEscapedUTF8(to: &output)
      } else {
        cell.packedCharacter.appendUTF8(to: &output)
      }
      // The cursor moves on by the character's width, and never wraps to the next row by itself.
      let next = index + Int(max(1, cell.width))
      cursor = next % screen.width == 0 ? -1 : next
    }
    if output.count > start {
      output += controlSequenceIntroducer
      output += "0m".utf8
    }
  }

  /// `ESC [ 38;5;104 ; 48;5;111 m`: only the colours that changed, the attributes staying as they are. Written
  /// digit by digit (``TerminalColor/sgrChangeParameters(base:)``'s bytes): a picture changes colour at almost
  /// every cell. The introducer is the caller's.
  private static func appendColourChange(from old: Style, to new: Style, to output: inout [UInt8]) {
    if old.foreground != new.foreground { appendColour(new.foreground, base: 30, to: &output) }
    if old.background != new.background {
      if old.foreground != new.foreground { output.append(UInt8(ascii: ";")) }
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
