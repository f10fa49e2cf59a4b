/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and for emoji shown as
/// pictures, 0 for combining marks and other zero-width characters, 1 otherwise. A table of our own, because
/// `wcwidth` depends on the process locale and the tests run in "C".
public enum DisplayWidth {
  /// The columns one grapheme cluster takes.
  public static func of(_ character: Character) -> Int {
    // Fast paths for what most frames are made of: ASCII, box drawing, blocks and shades, braille.
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    let utf8 = character.utf8
    if utf8.count == 3, let lead = utf8.first, lead == 0xE2 {
      let second = utf8[utf8.index(after: utf8.startIndex)]
      if (0x94...0x96).contains(second) || (0xA0...0xA3).contains(second) { return 1 }  // U+2500–U+25BF, U+2800–U+28FF
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // An emoji sequence (presentation selector or keycap) is drawn as one picture.
    if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return 2 }
    if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
    // Han, Hangul and kana (titles are full of them) are wide whatever follows, and no emoji: decided before
    // the slow property look-up.
    if Self.isCommonWide(first.value) { return 2 }
    if first.properties.isEmojiPresentation { return 2 }
    // What follows the first character may take space too (the Devanagari vowel sign ि, the त of the conjunct
    // स्ते): terminals add up each character's width, up to the two columns a cluster gets.
    var width = of(first)
    for scalar in scalars.dropFirst() where width < 2 { width += of(scalar) }
    return min(2, width)
  }

  /// The columns a single scalar takes when it stands alone.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if value < 0xA0 { return 0 }
    // Unicode property look-ups are slow; the CJK blocks, where most wide text lives, are decided by range.
    if isCommonWide(value) { return 2 }
    if value < 0x300 { return value == 0xAD ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B || (0x1160..<0x1200).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation || isWide(value) { return 2 }
    return 1
  }

  /// ``of(_:)-(Unicode.Scalar)`` through a table of the Basic Multilingual Plane, built once on first use (a few
  /// ms): measuring a whole result (`G`, a far jump) counts every title's width, 10^6 titles, and a property
  /// look-up per emoji or symbol was a third of that.
  public static func ofTabled(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    guard value < 0x1_0000 else { return of(scalar) }
    return Int(basicPlane[Int(value)])
  }

  private static let basicPlane: [UInt8] = (0..<0x1_0000).map { value in
    Unicode.Scalar(UInt32(value)).map { UInt8(of($0)) } ?? 1
  }

  /// The columns a whole string takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The CJK blocks where most wide text lives: CJK ideographs, Hangul syllables, kana.
  private static func isCommonWide(_ value: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x3041...0x30FF).contains(value)
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges, Unicode 15.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
      0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
      0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
      0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
      0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
      0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
