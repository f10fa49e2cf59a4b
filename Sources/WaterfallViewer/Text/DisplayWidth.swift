import ShopCatalog

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
    if ScalarWidth.isCommonWide(first.value) { return 2 }
    if first.properties.isEmojiPresentation { return 2 }
    // What follows the first character may take space too (the Devanagari vowel sign ि, the त of the conjunct
    // स्ते): terminals add up each character's width, up to the two columns a cluster gets.
    var width = of(first)
    for scalar in scalars.dropFirst() where width < 2 { width += of(scalar) }
    return min(2, width)
  }

  /// The columns a single scalar takes when it stands alone (``ScalarWidth``, kept beside the column store).
  public static func of(_ scalar: Unicode.Scalar) -> Int { ScalarWidth.of(scalar) }

  /// ``of(_:)-(Unicode.Scalar)`` through a table of the Basic Multilingual Plane (``ScalarWidth/ofTabled(_:)``).
  public static func ofTabled(_ scalar: Unicode.Scalar) -> Int { ScalarWidth.ofTabled(scalar) }

  /// The columns a whole string takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }
}
