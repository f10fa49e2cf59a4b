import Testing

@testable import Pictures

/// The cells under a picture drawn in real pixels: the last row (a price's) in symbols, the rest one colour a cell.
@Suite("Cells under a pixel picture")
struct PixelPictureCellsTests {
  /// Red above, blue below: 32 × 64 px.
  private func redOverBlue() -> Thumbnail {
    var pixels: [UInt8] = []
    for y in 0..<64 { for _ in 0..<32 { pixels += (y < 32 ? [255, 0, 0] : [0, 0, 255]) + [255] } }
    return Thumbnail(width: 32, height: 64, sourceWidth: 32, sourceHeight: 64, pixels: pixels)
  }

  private let box = BoxSize(columns: 4, rows: 4)
  private let cell = CellPixelSize(width: 8, height: 16)

  @Test("direct colour: the rows the pixels cover are spaces in their cells' colours; the last row is the mosaic's")
  func directColour() throws {
    let pixels = try PictureRenderer.render(
      redOverBlue(), size: box, symbols: .half, colours: .direct, cellPixels: cell
    ).get()
    let symbols = try PictureRenderer.render(redOverBlue(), size: box, symbols: .half, colours: .direct).get()
    let red = PictureColour.rgb(red: 255, green: 0, blue: 0)
    let blue = PictureColour.rgb(red: 0, green: 0, blue: 255)
    for (row, colour) in [(0, red), (1, red), (2, blue)] {
      #expect(
        pixels.row(row).allSatisfy { $0 == PictureCell(character: " ", foreground: .box, background: colour) },
        "row \(row)")
    }
    #expect(Array(pixels.row(3)) == Array(symbols.row(3)), "the price's row as the symbols draw it")
    #expect(pixels.pixels?.width == 32 && pixels.pixels?.height == 64)
  }

  @Test("256 colours: the covered rows take the palette's red (196) and blue (21)")
  func paletteColours() throws {
    let grid = try PictureRenderer.render(
      redOverBlue(), size: box, symbols: .half, colours: .palette256, cellPixels: cell
    ).get()
    #expect(grid.row(0).allSatisfy { $0.background == .palette(196) && $0.character == " " })
    #expect(grid.row(2).allSatisfy { $0.background == .palette(21) && $0.character == " " })
    #expect(grid.row(3).contains { $0.foreground == .palette(21) || $0.background == .palette(21) })
  }

  @Test("no colour: the covered rows are blank in the box's colours")
  func noColour() throws {
    let grid = try PictureRenderer.render(
      redOverBlue(), size: box, symbols: .half, colours: .none, cellPixels: cell
    ).get()
    let blank = PictureCell(character: " ", foreground: .box, background: .box)
    #expect(grid.cells[0..<12].allSatisfy { $0 == blank })
    #expect(grid.cells.count == 16)
  }

  @Test("a one-row box is all mosaic: its only row is the price's")
  func oneRow() throws {
    let size = BoxSize(columns: 4, rows: 1)
    let pixels = try PictureRenderer.render(
      redOverBlue(), size: size, symbols: .half, colours: .direct, cellPixels: cell
    ).get()
    let symbols = try PictureRenderer.render(redOverBlue(), size: size, symbols: .half, colours: .direct).get()
    #expect(pixels.cells == symbols.cells)
  }

  @Test("the xterm cube's nearest level for each channel")
  func cubeIndex() {
    #expect(PixelPicture.cubeIndex((0, 0, 0)) == 16)
    #expect(PixelPicture.cubeIndex((255, 255, 255)) == 231)
    #expect(PixelPicture.cubeIndex((95, 135, 175)) == 16 + 36 * 1 + 6 * 2 + 3)
    #expect(PixelPicture.cubeIndex((47, 48, 214)) == 16 + 36 * 0 + 6 * 1 + 4)
  }
}
