import CChafa

/// Draws thumbnails into character cells with libchafa: one canvas per picture (canvases copy their config, so
/// pictures render in parallel safely), one chafa thread per draw.
public enum PictureRenderer {
  /// Chafa's own thread pool is per draw; the worker pool parallelises across pictures instead.
  private static let setUp: Bool = {
    chafa_set_n_threads(1)
    return true
  }()

  /// `thumbnail` cropped about its centre to the box's shape and drawn into `size` cells. `cellAspect` is a
  /// cell's width over its height (0.5: twice as tall as wide). With `cellPixels`, in real pixels too, deflated
  /// as well when `deflatingPixels` (for the kitty protocol).
  public static func render(
    _ thumbnail: Thumbnail, size: BoxSize, symbols: PictureSymbols, colours: PictureColourMode,
    cellAspect: Double = 0.5, cellPixels: CellPixelSize? = nil, deflatingPixels: Bool = false
  ) -> Result<PictureGrid, PictureFailure> {
    _ = setUp
    guard size.columns > 0, size.rows > 0, thumbnail.width > 0, thumbnail.height > 0 else {
      return .failure(PictureFailure(.renderingFailed, "nothing to draw into a \(size) box"))
    }
    let map = chafa_symbol_map_new()
    let config = chafa_canvas_config_new()
    defer {
      chafa_canvas_config_unref(config)
      chafa_symbol_map_unref(map)
    }
    chafa_symbol_map_add_by_tags(map, tags(for: symbols, colours: colours))
    chafa_canvas_config_set_geometry(config, Int32(clamping: size.columns), Int32(clamping: size.rows))
    chafa_canvas_config_set_canvas_mode(config, canvasMode(for: colours))
    chafa_canvas_config_set_symbol_map(config, map)
    if symbols == .half && colours != .none {
      // With ▀ alone chafa 1.12's fullest work draws the same cells as its default in a fifth to a third of the
      // instructions (checked cell for cell on photos and catalogue pictures, direct and 256 colours); with the
      // other symbol sets it searches more and draws other cells, so those keep the default.
      chafa_canvas_config_set_work_factor(config, 1)
    }
    guard let canvas = chafa_canvas_new(config) else {
      return .failure(PictureFailure(.renderingFailed, "chafa could not make a \(size) canvas"))
    }
    defer { chafa_canvas_unref(canvas) }
    let crop = centredCrop(of: thumbnail, to: size.pixelSize(cellAspect: cellAspect))
    thumbnail.pixels.withUnsafeBufferPointer { pixels in
      let start = pixels.baseAddress! + (crop.y * thumbnail.width + crop.x) * 4
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, start, Int32(crop.width), Int32(crop.height),
        Int32(thumbnail.width * 4))
    }
    let grid = readBack(canvas, size: size, colours: colours)
    guard let cellPixels else { return .success(grid) }
    let target = cellPixels.pixels(of: size)
    let pixels = PixelPicture.resampling(
      thumbnail, crop: centredCrop(of: thumbnail, to: target), toWidth: target.width, height: target.height,
      deflating: deflatingPixels)
    return .success(PictureGrid(size: size, cells: grid.cells, pixels: pixels))
  }

  /// The part of the thumbnail with the box's shape, about its centre (a box shows its picture filled, as shop
  /// waterfalls do, rather than letterboxed).
  static func centredCrop(
    of thumbnail: Thumbnail, to box: (width: Int, height: Int)
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    let boxShape = Double(box.height) / Double(box.width)
    let pictureShape = Double(thumbnail.height) / Double(thumbnail.width)
    if pictureShape > boxShape {
      let height = min(thumbnail.height, max(1, Int((Double(thumbnail.width) * boxShape).rounded())))
      return (0, (thumbnail.height - height) / 2, thumbnail.width, height)
    }
    let width = min(thumbnail.width, max(1, Int((Double(thumbnail.height) / boxShape).rounded())))
    return ((thumbnail.width - width) / 2, 0, width, thumbnail.height)
  }

  private static func readBack(_ canvas: OpaquePointer, size: BoxSize, colours: PictureColourMode) -> PictureGrid {
    var cells: [PictureCell] = []
    cells.reserveCapacity(size.columns * size.rows)
    for row in 0..<Int32(size.rows) {
      for column in 0..<Int32(size.columns) {
        let code = chafa_canvas_get_char_at(canvas, column, row)
        let character = Unicode.Scalar(code).map(Character.init) ?? " "
        var foreground: Int32 = -1
        var background: Int32 = -1
        switch colours {
        case .palette256:
          chafa_canvas_get_raw_colors_at(canvas, column, row, &foreground, &background)
          cells.append(
            PictureCell(character: character, foreground: palette(foreground), background: palette(background)))
        case .direct:
          chafa_canvas_get_colors_at(canvas, column, row, &foreground, &background)
          cells.append(PictureCell(character: character, foreground: rgb(foreground), background: rgb(background)))
        case .none:
          cells.append(PictureCell(character: character, foreground: .box, background: .box))
        }
      }
    }
    return PictureGrid(size: size, cells: cells)
  }

  /// A palette index, or the box's colour for chafa's transparent and default markers (negative or above 255).
  private static func palette(_ index: Int32) -> PictureColour {
    (0...255).contains(index) ? .palette(UInt8(index)) : .box
  }

  /// 0xRRGGBB, or the box's colour for transparent (−1).
  private static func rgb(_ value: Int32) -> PictureColour {
    guard value >= 0 else { return .box }
    return .rgb(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
  }

  private static func canvasMode(for colours: PictureColourMode) -> ChafaCanvasMode {
    switch colours {
    case .palette256: CHAFA_CANVAS_MODE_INDEXED_256
    case .direct: CHAFA_CANVAS_MODE_TRUECOLOR
    case .none: CHAFA_CANVAS_MODE_FGBG
    }
  }

  private static func tags(for symbols: PictureSymbols, colours: PictureColourMode) -> ChafaSymbolTags {
    var tags: Int32
    switch symbols {
    case .half: tags = CHAFA_SYMBOL_TAG_VHALF.rawValue
    case .quad: tags = CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue
    case .sextant: tags = CHAFA_SYMBOL_TAG_SEXTANT.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue
    case .ascii: tags = CHAFA_SYMBOL_TAG_ASCII.rawValue
    }
    // Without colours a cell is all foreground or all background too; with two colours ▀ alone covers those.
    if colours == .none && symbols != .ascii {
      tags |= CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
    }
    return ChafaSymbolTags(rawValue: tags)
  }
}
