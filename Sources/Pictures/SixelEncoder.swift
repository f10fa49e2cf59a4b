import CChafa

/// Encodes pictures as sixel with libchafa's sixel canvas: the rows a box shows of its picture, at the
/// terminal's cell size, without dithering (a flat colour stays that colour, within the register's 1 %).
public enum SixelEncoder {
  /// Rows `rows` of `picture` (whose height is a whole number of cells `cellPixels.height` tall, as
  /// ``PictureRenderer`` makes them) as one DCS sixel string.
  public static func encode(_ picture: PixelPicture, rows: Range<Int>, cellPixels: CellPixelSize) -> [UInt8] {
    encode(picture, rows: rows, cellPixels: cellPixels, roundingLevels: true)
  }

  /// `roundingLevels`: hand libchafa the colours on ``level``'s lattice (what the viewer does), or exactly (only
  /// tests, to show the rounding costs no quality).
  static func encode(
    _ picture: PixelPicture, rows: Range<Int>, cellPixels: CellPixelSize, roundingLevels: Bool
  ) -> [UInt8] {
    let columns = max(1, picture.width / cellPixels.width)
    let top = min(picture.height, rows.lowerBound * cellPixels.height)
    let height = min(picture.height - top, rows.count * cellPixels.height)
    guard height > 0, !rows.isEmpty else { return [] }
    chafa_set_n_threads(1)
    let config = chafa_canvas_config_new()
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows.count))
    chafa_canvas_config_set_cell_geometry(config, Int32(cellPixels.width), Int32(cellPixels.height))
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
    guard let canvas = chafa_canvas_new(config) else { return [] }
    defer { chafa_canvas_unref(canvas) }
    let slice = top * picture.width * 4..<(top + height) * picture.width * 4
    let pixels = roundingLevels ? rounded(picture.pixels[slice]) : Array(picture.pixels[slice])
    pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress!, Int32(picture.width), Int32(height),
        Int32(picture.width * 4))
    }
    let termInfo = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
    defer { chafa_term_info_unref(termInfo) }
    guard let printed = chafa_canvas_print(canvas, termInfo) else { return [] }
    defer { g_string_free(printed, 1) }
    return Array(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(printed.pointee.str).assumingMemoryBound(to: UInt8.self),
        count: Int(printed.pointee.len)))
  }

  /// A channel's value rounded to the nearest multiple of 4, 255 kept (white stays white, black black). libchafa
  /// searches its palette once for each distinct colour it meets (caching by colour), and those searches were two
  /// thirds of a photo's sixel time; on 64 levels a channel a photo has far fewer colours. A sixel register holds
  /// a channel in percent (2.55 levels a step), so a colour moves by at most one step; decoded back, photos come
  /// out as close to their pixels as before (SixelRoundingTests).
  static let level: [UInt8] = (0..<256).map { UInt8(min(255, ($0 + 2) & ~3)) }

  /// RGBA pixels with each colour channel on ``level``'s lattice, alpha as it was.
  static func rounded(_ pixels: ArraySlice<UInt8>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: pixels.count) { output, initialized in
      level.withUnsafeBufferPointer { level in
        pixels.withUnsafeBufferPointer { input in
          for index in stride(from: 0, to: input.count - 3, by: 4) {
            output[index] = level[Int(input[index])]
            output[index + 1] = level[Int(input[index + 1])]
            output[index + 2] = level[Int(input[index + 2])]
            output[index + 3] = input[index + 3]
          }
        }
      }
      initialized = pixels.count
    }
  }
}
