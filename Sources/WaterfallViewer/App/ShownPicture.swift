import Pictures

/// A drawn picture as the viewer keeps it: the loader's grid, and the same cells as screen cells, made once when
/// it arrives. A box's picture is copied into every frame that shows it (every step of a tape), so its
/// characters and colours are converted here and not at each frame.
public struct ShownPicture: Sendable {
  public let grid: PictureGrid
  /// `grid`'s cells, row by row, each marked as a picture cell.
  let screenCells: [ScreenCell]

  public init(_ grid: PictureGrid) {
    self.grid = grid
    screenCells = grid.cells.map { cell in
      var screenCell = ScreenCell(
        character: cell.character, width: 1,
        style: Style(foreground: Self.color(cell.foreground), background: Self.color(cell.background)))
      screenCell.isPicture = true
      return screenCell
    }
  }

  public var size: BoxSize { grid.size }
  /// About how much memory it holds: the grid's (pixels included) and the screen cells.
  var byteCount: Int { grid.byteCount + screenCells.count * MemoryLayout<ScreenCell>.stride }
  public var pixels: PixelPicture? { grid.pixels }

  /// The screen cells of row `row`.
  func row(_ row: Int) -> ArraySlice<ScreenCell> {
    screenCells[(row * grid.size.columns)..<((row + 1) * grid.size.columns)]
  }

  private static func color(_ colour: PictureColour) -> TerminalColor {
    switch colour {
    case .palette(let index): .palette(index)
    case .rgb(let red, let green, let blue): .rgb(red, green, blue)
    case .box: .standard
    }
  }
}
