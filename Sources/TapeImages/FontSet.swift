import CFontconfig
import CFreeType
import Foundation

/// The fonts a tape's pictures draw with: the family fontconfig matches for the tape's `FontFamily` (regular and
/// bold), and for a character those lack, the font fontconfig picks for it (CJK, symbols). Each face is opened
/// once, by FreeType, at the tape's `FontSize` in pixels. One thread at a time.
final class FontSet {
  private let library: FreeTypeLibrary
  private let config: OpaquePointer?
  private let family: String
  private let pixelSize: Int
  let regular: FontFace
  let bold: FontFace
  /// Whether `bold` is the regular face again (no bold font): bold is then drawn thicker.
  let synthesizesBold: Bool
  private var facesByFile: [String: FontFace] = [:]
  private var fallbacks: [UInt32: FontFace?] = [:]

  init(family: String, pixelSize: Int) throws(TapeImageError) {
    self.family = family
    self.pixelSize = pixelSize
    let library = try FreeTypeLibrary()
    let config = FcInitLoadConfigAndFonts()
    var faces: [String: FontFace] = [:]
    func open(_ file: (path: String, index: Int)?) throws(TapeImageError) -> FontFace {
      guard let file else { throw TapeImageError("no font found for FontFamily \"\(family)\" (fontconfig)") }
      let key = "\(file.path)#\(file.index)"
      if let face = faces[key] { return face }
      let face = try FontFace(library: library, path: file.path, index: file.index, pixelSize: pixelSize)
      faces[key] = face
      return face
    }
    regular = try open(Self.match(config, family: family, bold: false, character: nil))
    bold = try open(Self.match(config, family: family, bold: true, character: nil))
    synthesizesBold = bold === regular
    facesByFile = faces
    self.library = library
    self.config = config
  }

  deinit {
    if let config { FcConfigDestroy(config) }
  }

  /// The face that draws `scalar`: the tape's family when it has it, else fontconfig's choice, else the family's
  /// (its missing-glyph box).
  func face(for scalar: Unicode.Scalar, bold wantsBold: Bool) -> FontFace {
    let preferred = wantsBold ? bold : regular
    if preferred.has(scalar) { return preferred }
    if let known = fallbacks[scalar.value] { return known ?? preferred }
    var found: FontFace?
    if let file = Self.match(config, family: family, bold: false, character: scalar) {
      let key = "\(file.path)#\(file.index)"
      if let face = facesByFile[key] {
        found = face
      } else if let face = try? FontFace(library: library, path: file.path, index: file.index, pixelSize: pixelSize) {
        facesByFile[key] = face
        found = face
      }
    }
    if let face = found, !face.has(scalar) { found = nil }
    fallbacks[scalar.value] = found
    return found ?? preferred
  }

  /// fontconfig's best file for the family (bold or not), or for a font that has `character`.
  private static func match(
    _ config: OpaquePointer?, family: String, bold: Bool, character: Unicode.Scalar?
  ) -> (path: String, index: Int)? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    for name in family.split(separator: ",") {
      let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
      _ = trimmed.withCString { text in
        text.withMemoryRebound(to: FcChar8.self, capacity: trimmed.utf8.count + 1) {
          FcPatternAddString(pattern, FC_FAMILY, $0)
        }
      }
    }
    _ = "monospace".withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: 10) { FcPatternAddString(pattern, FC_FAMILY, $0) }
    }
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
    if let character, let charset = FcCharSetCreate() {
      FcCharSetAddChar(charset, character.value)
      FcPatternAddCharSet(pattern, FC_CHARSET, charset)
      FcCharSetDestroy(charset)
    }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
    return (String(cString: file), Int(index))
  }
}
