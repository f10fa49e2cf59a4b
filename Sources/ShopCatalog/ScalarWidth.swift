/// How many terminal columns one Unicode scalar takes standing alone, as glibc's `wcwidth` says in C.UTF-8 (xterm
/// and tmux place text by it): 2 for East Asian wide and fullwidth characters and emoji shown as pictures by
/// default, 0 for combining marks, joiners, selectors and other zero-width characters, 1 otherwise (an unassigned
/// scalar too). Here, beside the column store, so that a title's width is counted once as the catalogue is read
/// (``TitleMetrics``); the viewer's `DisplayWidth` adds grapheme clusters on top.
public enum ScalarWidth {
  /// The columns `scalar` takes when it stands alone.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if value < 0xA0 { return 0 }
    // The CJK blocks, where most wide text lives, without the search.
    if isCommonWide(value) { return 2 }
    if value < 0x300 { return 1 }
    if contains(ScalarWidthTable.zero, value) { return 0 }
    return contains(ScalarWidthTable.wide, value) ? 2 : 1
  }

  /// Whether one of the sorted, disjoint `ranges` holds `value` (a binary search).
  private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < ranges.count && ranges[low].contains(value)
  }

  /// ``of(_:)`` through a table of the Basic Multilingual Plane, built once on first use (a few ms): every title
  /// of a catalogue is measured, and a search of the ranges per symbol costs more than an index.
  public static func ofTabled(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    guard value < 0x1_0000 else { return of(scalar) }
    return Int(basicPlane[Int(value)])
  }

  private static let basicPlane: [UInt8] = (0..<0x1_0000).map { value in
    Unicode.Scalar(UInt32(value)).map { UInt8(of($0)) } ?? 1
  }

  /// A pictographic emoji, a skin-tone modifier or the emoji presentation selector: what may stand either side of
  /// a joiner in an emoji ZWJ sequence. (`isEmoji` alone would also admit digits, `#` and `*`.)
  public static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xFE0F || scalar.value > 0xFF && scalar.properties.isEmoji
  }

  /// The CJK blocks where most wide text lives: CJK ideographs, Hangul syllables, kana (less the two unassigned
  /// code points and the two combining sound marks between hiragana and katakana).
  public static func isCommonWide(_ value: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x3041...0x3096).contains(value)
      || (0x309B...0x30FF).contains(value)
  }
}
