import CFreeType

/// FreeType's library, freed after the last face opened in it.
final class FreeTypeLibrary {
  let library: FT_Library?

  init() throws(TapeImageError) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0 else { throw TapeImageError("FreeType could not start") }
    self.library = library
  }

  deinit { FT_Done_FreeType(library) }
}

/// One font file opened by FreeType at one pixel size.
final class FontFace {
  let face: FT_Face
  let path: String
  private let library: FreeTypeLibrary

  init(library: FreeTypeLibrary, path: String, index: Int, pixelSize: Int) throws(TapeImageError) {
    self.library = library
    var face: FT_Face?
    guard FT_New_Face(library.library, path, index, &face) == 0, let face else {
      throw TapeImageError("\(path): FreeType cannot open this font")
    }
    if FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) != 0, face.pointee.num_fixed_sizes > 0 {
      // A bitmap-only font (colour emoji): its first size, scaled when drawn.
      FT_Select_Size(face, 0)
    }
    self.face = face
    self.path = path
  }

  deinit { FT_Done_Face(face) }

  func has(_ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }

  /// The line's metrics in whole pixels: ascent above the baseline, descent below it, advance of `M`.
  var metrics: (ascent: Int, descent: Int, advance: Int) {
    let size = face.pointee.size.pointee.metrics
    var advance = Int(size.max_advance + 63) / 64
    if FT_Load_Char(face, FT_ULong(UInt8(ascii: "M")), FT_Int32(FT_LOAD_DEFAULT)) == 0 {
      advance = Int(face.pointee.glyph.pointee.advance.x + 32) / 64
    }
    return (Int(size.ascender + 63) / 64, Int(-size.descender + 63) / 64, max(1, advance))
  }

  /// `scalar`'s coverage bitmap (8-bit grey; for a colour font also its premultiplied BGRA pixels) and where it
  /// sits: left of the pen, top above the baseline.
  func render(_ scalar: Unicode.Scalar) -> RenderedGlyph? {
    let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    // Outlines, antialiased, even where the font has bitmaps for small sizes (CJK fonts do); a bitmap-only font
    // (colour emoji) has nothing else.
    let outline = FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER | FT_LOAD_NO_BITMAP)) == 0
    guard outline || FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER | FT_LOAD_COLOR)) == 0 else { return nil }
    let slot = face.pointee.glyph.pointee
    let bitmap = slot.bitmap
    let width = Int(bitmap.width)
    let rows = Int(bitmap.rows)
    guard width > 0, rows > 0, let buffer = bitmap.buffer else { return nil }
    var coverage = [UInt8](repeating: 0, count: width * rows)
    let pitch = Int(bitmap.pitch)
    let isColor = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
    var bgra: [UInt8]? = isColor ? [UInt8](repeating: 0, count: width * rows * 4) : nil
    for row in 0..<rows {
      let line = buffer + row * pitch
      for column in 0..<width {
        if isColor {
          for channel in 0..<4 { bgra![(row * width + column) * 4 + channel] = line[column * 4 + channel] }
          coverage[row * width + column] = line[column * 4 + 3]
        } else if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue) {
          coverage[row * width + column] = (line[column >> 3] >> (7 - UInt8(column & 7))) & 1 == 1 ? 255 : 0
        } else {
          coverage[row * width + column] = line[column]
        }
      }
    }
    return RenderedGlyph(
      width: width, rows: rows, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage,
      bgra: bgra)
  }
}

/// A glyph as FreeType drew it: coverage, and for a colour font (emoji) its premultiplied BGRA pixels, at the
/// font's own size (a colour font's is fixed: the cell scales it).
struct RenderedGlyph {
  var width: Int
  var rows: Int
  var left: Int
  var top: Int
  var coverage: [UInt8]
  var bgra: [UInt8]?
}
