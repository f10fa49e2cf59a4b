import ShopCatalog

/// Makes untrusted text safe to draw: nothing in it can move the cursor, change modes, set the title, reach the
/// clipboard or reorder what is shown.
///
/// - Escape sequences (CSI, OSC, DCS, APC, PM, SOS, and two-character ESC sequences), in their 7-bit and 8-bit
///   forms, are removed whole.
/// - Tabs, newlines and other line breaks become one space each; every other C0, C1 and DEL is removed.
/// - Bidi overrides, embeddings and isolates, and zero-width and other format characters are removed, except a
///   zero-width joiner between two emoji, which is part of one emoji sequence.
public enum TextSanitizer {
  /// Sanitises at most the first `limit` scalars of `text`, so a 10 MB field costs no more than a short one.
  public static func sanitize(_ text: String, limit: Int) -> String {
    // No more bytes than the limit is no more scalars either: no copy to cut it.
    if text.utf8.count <= limit { return sanitize(text) }
    return sanitize(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))))
  }

  public static func sanitize(_ text: String) -> String {
    // Fast paths: plain printable ASCII needs nothing, and nor does text whose every scalar would be kept as it
    // is (a title in Chinese, say), which is checked without building a copy.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    if text.unicodeScalars.allSatisfy(isKeptAsIs) { return text }
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
        output.append(" ")
      case 0x1B:
        skipEscapeSequence(&scalars)
      case 0x9B:
        skipControlSequence(&scalars)
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
        skipControlString(&scalars)
      case 0x00..<0x20, 0x7F..<0xA0:
        continue
      case 0x200D:
        // A zero-width joiner between two emoji makes one picture (👨‍👩‍👧‍👦): keep it there, drop it anywhere else.
        var lookahead = scalars
        if let previous = output.last, isEmojiPart(previous), let next = lookahead.next(), isEmojiPart(next) {
          output.append(scalar)
        }
      default:
        if isInvisibleFormatting(scalar) { continue }
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// Makes untrusted text safe to print on a line outside the viewer (error messages, `check`): every character
  /// the screen would drop is shown instead as `\u{1B}`, so the reader sees what the data holds and the terminal
  /// acts on none of it. With `keepingNewlines`, line feeds stay (multi-line help and usage text).
  public static func escapeVisibly(_ text: String, keepingNewlines: Bool = false) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || keepingNewlines && $0 == 0x0A }) { return text }
    var output = ""
    var previous: Unicode.Scalar?
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      defer { previous = scalar }
      let isControl = scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
      if keepingNewlines && scalar == "\n" {
        output.unicodeScalars.append(scalar)
      } else if scalar.value == 0x200D {
        var lookahead = scalars
        let joinsEmoji = previous.map(isEmojiPart) == true && lookahead.next().map(isEmojiPart) == true
        output += joinsEmoji ? "\u{200D}" : visibleEscape(scalar)
      } else if isControl || isInvisibleFormatting(scalar) || [0x85, 0x2028, 0x2029].contains(scalar.value) {
        output += visibleEscape(scalar)
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  private static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// Format characters (general category Cf) other than those that shape emoji, plus the bidi marks.
  /// Whether ``sanitize(_:)`` keeps `scalar` as it is whatever stands around it: the cases of its loop that
  /// append the scalar itself, with the common printable blocks decided before the property look-up.
  private static func isKeptAsIs(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return true }
    if (0x4E00...0x9FFF).contains(value) || (0x3041...0x30FF).contains(value) || (0xAC00...0xD7A3).contains(value) {
      return true
    }
    switch value {
    case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200D: return false
    default: return !isInvisibleFormatting(scalar)
    }
  }

  static func isInvisibleFormatting(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return scalar.properties.generalCategory == .format
    }
  }

  /// What may stand either side of a joiner in an emoji ZWJ sequence (``ScalarWidth/isEmojiPart(_:)``).
  static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool { ScalarWidth.isEmojiPart(scalar) }

  /// After ESC: a CSI (`[`), a control string (`]`, `P`, `X`, `^`, `_`), or a two-character sequence.
  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[": skipControlSequence(&scalars)
    case "]", "P", "X", "^", "_": skipControlString(&scalars)
    default:
      // Intermediate bytes (0x20–0x2F) then one final byte, as in ESC ( B.
      var current = introducer
      while (0x20...0x2F).contains(current.value), let next = scalars.next() { current = next }
    }
  }

  /// Parameters and intermediates up to and including the final byte (0x40–0x7E).
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) || scalar.value < 0x20 && scalar.value != 0x1B { return }
    }
  }

  /// Everything up to BEL, ST (ESC \ or 0x9C), or the end.
  private static func skipControlString(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x07, 0x9C: return
      case 0x1B:
        _ = scalars.next()
        return
      default: continue
      }
    }
  }
}
