import CChafa

/// Encodes pictures as sixel with libchafa's sixel canvas: the rows a box shows of its picture, at the
/// terminal's cell size, without dithering (a flat colour stays that colour).
public enum SixelEncoder {
  /// Rows `rows` of `picture` (whose height is a whole number of cells `cellPixels.height` tall, as
  /// ``PictureRenderer`` makes them) as one DCS sixel string.
  public static func encode(_ picture: PixelPicture, rows: Range<Int>, cellPixels: CellPixelSize) -> [UInt8] {
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
    picture.pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress! + top * picture.width * 4,
        Int32(picture.width), Int32(height), Int32(picture.width * 4))
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
}
