import WaterfallViewer

/// The bytes terminals send for keys and mouse reports, and the event each must decode to (nil: one the viewer
/// ignores, such as a release, which must still be consumed whole).
enum KeyEncodings {
  private static let escape: [UInt8] = [0x1B]

  private static let fixed: [([UInt8], InputEvent?)] = fixedTexts.map { (Array($0.0.utf8), $0.1) }

  private static let fixedTexts: [(String, InputEvent?)] = [
    ("\u{1B}[A", .key(.up)), ("\u{1B}[B", .key(.down)), ("\u{1B}[C", .key(.right)), ("\u{1B}[D", .key(.left)),
    ("\u{1B}OA", .key(.up)), ("\u{1B}OB", .key(.down)), ("\u{1B}OC", .key(.right)), ("\u{1B}OD", .key(.left)),
    ("\u{1B}[1;5A", .key(.up)), ("\u{1B}[1;2B", .key(.down)), ("\u{1B}[H", .key(.home)), ("\u{1B}[F", .key(.end)),
    ("\u{1B}OH", .key(.home)), ("\u{1B}OF", .key(.end)), ("\u{1B}[1~", .key(.home)), ("\u{1B}[7~", .key(.home)),
    ("\u{1B}[4~", .key(.end)), ("\u{1B}[8~", .key(.end)), ("\u{1B}[5~", .key(.pageUp)),
    ("\u{1B}[6~", .key(.pageDown)), ("\u{1B}[5;5~", .key(.pageUp)), ("\u{1B}[3~", nil), ("\u{1B}[2~", nil),
    ("\u{1B}OM", .key(.enter)), ("\u{1B}[I", nil), ("\u{1B}[O", nil), ("\r", .key(.enter)), ("\n", .key(.enter)),
    ("\u{7F}", .key(.backspace)), ("\u{08}", .key(.backspace)), ("\t", .key(.tab)),
    ("é", .key(.character("é"))), ("中", .key(.character("中"))), ("😀", .key(.character("😀"))),
    ("\u{1B}a", nil),
  ]

  /// SGR mouse reports: press, wheel up, wheel down (with modifier bits), or a release.
  private static let mouseKinds: [(button: Int, kind: MouseEvent.Kind?)] = [
    (0, .press), (64, .wheelUp), (65, .wheelDown), (4, .press), (0, nil),
  ]

  /// Appends to `sent` the encoding a byte of the fuzzer's input picks and returns the event it must decode to;
  /// `argument` gives mouse coordinates and the like. (Appending, not returning arrays: allocations were most of
  /// the target's time under AddressSanitizer.)
  static func append(for byte: UInt8, argument: Int, to sent: inout [UInt8]) -> InputEvent? {
    switch byte {
    case 0x20...0x7E:
      sent.append(byte)
      return .key(.character(Character(Unicode.Scalar(byte))))
    case 0x01...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte):
      sent.append(byte)
      return .key(.control(Character(Unicode.Scalar(byte + 0x60))))
    case 0x80...0x8F:
      let x = argument + 1
      let y = argument / 3 + 1
      let (button, kind) = mouseKinds[Int(byte) % mouseKinds.count]
      sent += [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
      appendDecimal(button, to: &sent)
      sent.append(UInt8(ascii: ";"))
      appendDecimal(x, to: &sent)
      sent.append(UInt8(ascii: ";"))
      appendDecimal(y, to: &sent)
      sent.append(kind == nil ? UInt8(ascii: "m") : UInt8(ascii: "M"))
      return kind.map { .mouse(MouseEvent(kind: $0, x: x - 1, y: y - 1)) }
    case 0x90...0x9F:
      // X10 mouse: a press of the left button at a position that fits in a byte.
      let x = argument % 223
      let y = (argument / 2) % 223
      sent += [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), 32, UInt8(x + 33), UInt8(y + 33)]
      return .mouse(MouseEvent(kind: .press, x: x, y: y))
    default:
      let (bytes, event) = fixed[Int(byte) % fixed.count]
      sent += bytes
      return event
    }
  }

  private static func appendDecimal(_ number: Int, to sent: inout [UInt8]) {
    if number >= 10 { appendDecimal(number / 10, to: &sent) }
    sent.append(UInt8(ascii: "0") + UInt8(number % 10))
  }
}
