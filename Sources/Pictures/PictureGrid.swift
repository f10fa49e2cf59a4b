/// A colour of one picture cell.
public enum PictureColour: Hashable, Sendable {
  /// An index into the terminal's 256-colour palette.
  case palette(UInt8)
  /// 24-bit colour.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)
  /// Transparent, or no colour asked for: use the box's own colour.
  case box
}

/// One character cell of a drawn picture.
public struct PictureCell: Hashable, Sendable {
  public var character: Character
  public var foreground: PictureColour
  public var background: PictureColour

  public init(character: Character, foreground: PictureColour, background: PictureColour) {
    self.character = character
    self.foreground = foreground
    self.background = background
  }
}

/// A picture drawn into `size.columns` × `size.rows` cells, row by row, ready to copy into a screen.
public struct PictureGrid: Hashable, Sendable {
  public let size: BoxSize
  public let cells: [PictureCell]
  /// The same picture in real pixels, when its key asked for them (a terminal that draws pixels).
  public let pixels: PixelPicture?

  public init(size: BoxSize, cells: [PictureCell], pixels: PixelPicture? = nil) {
    precondition(cells.count == size.columns * size.rows, "a grid holds columns × rows cells")
    self.size = size
    self.cells = cells
    self.pixels = pixels
  }

  public subscript(row: Int, column: Int) -> PictureCell { cells[row * size.columns + column] }

  /// The cells of one row.
  public func row(_ row: Int) -> ArraySlice<PictureCell> {
    cells[(row * size.columns)..<((row + 1) * size.columns)]
  }

  /// About how much memory the grid holds, for the cache's byte bound.
  public var byteCount: Int { cells.count * MemoryLayout<PictureCell>.stride + 64 + (pixels?.byteCount ?? 0) }
}
