import Foundation

/// Folds text for searching: the same function for item keys, patterns and display strings, so they always agree.
///
/// Per Unicode scalar: lowercase, compatibility decomposition (NFKD: fullwidth `Ａ` → `a`, `ﬁ` → `fi`), combining
/// marks dropped (`é` → `e`), lowercase again. Whitespace and line breaks become one space each; other control
/// and format characters (zero-width, bidi) are dropped, as the app's sanitiser drops them from what it shows.
/// `ß` folds to `ss`, as case folding has it. ASCII and CJK ideographs take a fast path; the rest are memoised.
/// The result is UTF-8 bytes, compared byte by byte: matching never depends on a locale.
struct SearchFolding {
  private var memo: [UInt32: [UInt8]] = [:]

  /// Appends the folded UTF-8 bytes of `text` to `output`.
  mutating func fold(_ text: String, into output: inout [UInt8]) {
    for scalar in text.unicodeScalars { fold(scalar, into: &output) }
  }

  /// Appends the folded bytes of `bytes`, valid UTF-8 (the column store's text), without making a String.
  mutating func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var position = 0
    while position < bytes.count {
      let lead = bytes[position]
      if lead < 0x80 {
        switch lead {
        case 0x41...0x5A: output.append(lead + 0x20)
        case 0x20...0x7E: output.append(lead)
        default: fold(Unicode.Scalar(lead), into: &output)
        }
        position += 1
        continue
      }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for offset in 1..<length where position + offset < bytes.count {
        value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
      }
      position += length
      // Three-byte CJK ideographs fold to themselves: copy their bytes.
      if (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(position - 3)..<position]))
      } else {
        fold(Unicode.Scalar(value) ?? "\u{FFFD}", into: &output)
      }
    }
  }

  mutating func fold(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    fold(text, into: &output)
    return output
  }

  /// Folds `text` Character by Character, returning each folded byte's Character offset, for match ranges.
  mutating func foldWithCharacterOffsets(_ text: String) -> (bytes: [UInt8], characterOffsets: [Int]) {
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    for (offset, character) in text.enumerated() {
      let start = bytes.count
      for scalar in character.unicodeScalars { fold(scalar, into: &bytes) }
      offsets.append(contentsOf: repeatElement(offset, count: bytes.count - start))
    }
    return (bytes, offsets)
  }

  mutating func fold(_ scalar: Unicode.Scalar, into output: inout [UInt8]) {
    let value = scalar.value
    if value < 0x80 {
      let byte = UInt8(value)
      switch byte {
      case 0x41...0x5A: output.append(byte + 0x20)
      case 0x09...0x0D: output.append(0x20)
      case 0x00..<0x20, 0x7F: break
      default: output.append(byte)
      }
      return
    }
    // CJK ideographs (the bulk of Chinese titles) fold to themselves.
    if (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) {
      output.append(contentsOf: String(scalar).utf8)
      return
    }
    if let folded = memo[value] {
      output.append(contentsOf: folded)
      return
    }
    let folded = Self.foldSlowly(scalar)
    memo[value] = folded
    output.append(contentsOf: folded)
  }

  private static func foldSlowly(_ scalar: Unicode.Scalar) -> [UInt8] {
    let properties = scalar.properties
    if properties.isWhitespace || [0x85, 0x2028, 0x2029].contains(scalar.value) { return [0x20] }
    if scalar == "ß" || scalar == "ẞ" { return [0x73, 0x73] }
    switch properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark: return []
    default: break
    }
    let decomposed = properties.lowercaseMapping.decomposedStringWithCompatibilityMapping
    var output: [UInt8] = []
    for part in decomposed.unicodeScalars {
      switch part.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format, .control: continue
      default: break
      }
      if part.properties.isWhitespace {
        output.append(0x20)
        continue
      }
      for lowered in part.properties.lowercaseMapping.unicodeScalars {
        if lowered.properties.generalCategory == .nonspacingMark { continue }
        output.append(contentsOf: String(lowered).utf8)
      }
    }
    return output
  }
}
