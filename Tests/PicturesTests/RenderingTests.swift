import Testing

@testable import Pictures

@Suite("Rendering")
struct RenderingTests {
  /// A thumbnail of one colour above and another below.
  private func twoTone(top: [UInt8], bottom: [UInt8], width: Int = 32, height: Int = 64) -> Thumbnail {
    var pixels: [UInt8] = []
    for y in 0..<height { for _ in 0..<width { pixels += (y < height / 2 ? top : bottom) + [255] } }
    return Thumbnail(width: width, height: height, sourceWidth: width, sourceHeight: height, pixels: pixels)
  }

  private let red: [UInt8] = [255, 0, 0]
  private let blue: [UInt8] = [0, 0, 255]

  @Test("every mode and symbol set gives a grid of the box's size", arguments: PictureSymbols.allCases)
  func gridSize(symbols: PictureSymbols) throws {
    let thumbnail = try PictureDecoder.decode(path: PictureFiles.cataloguePictures[3], covering: (192, 192)).get()
    for colours in PictureColourMode.allCases {
      let grid = try PictureRenderer.render(
        thumbnail, size: BoxSize(columns: 24, rows: 12), symbols: symbols, colours: colours
      ).get()
      #expect(grid.size == BoxSize(columns: 24, rows: 12))
      #expect(grid.cells.count == 288)
      #expect(
        Set(grid.cells).count > (colours == .none ? 2 : 8), "\(symbols) \(colours): a picture, not one repeated cell")
    }
  }

  @Test("direct colour: red above blue comes back as 24-bit red and blue")
  func directColour() throws {
    let grid = try PictureRenderer.render(
      twoTone(top: red, bottom: blue), size: BoxSize(columns: 4, rows: 4), symbols: .half, colours: .direct
    ).get()
    #expect(colours(of: grid.row(0)).contains(.rgb(red: 255, green: 0, blue: 0)))
    #expect(colours(of: grid.row(3)).contains(.rgb(red: 0, green: 0, blue: 255)))
    #expect(grid.cells.allSatisfy { "▀▄ ".contains($0.character) })
  }

  @Test("256 colours: palette indexes, red (196) above blue (21)")
  func paletteColour() throws {
    let grid = try PictureRenderer.render(
      twoTone(top: red, bottom: blue), size: BoxSize(columns: 4, rows: 4), symbols: .half, colours: .palette256
    ).get()
    let top = colours(of: grid.row(0))
    let bottom = colours(of: grid.row(3))
    #expect(top.allSatisfy { if case .palette = $0 { true } else { false } })
    #expect(top.contains(.palette(196)) || top.contains(.palette(9)), "\(top)")
    #expect(bottom.contains(.palette(21)) || bottom.contains(.palette(12)), "\(bottom)")
  }

  @Test("no colour: the box's colours only, and shapes that differ between light and dark")
  func noColour() throws {
    let grid = try PictureRenderer.render(
      twoTone(top: [255, 255, 255], bottom: [0, 0, 0]), size: BoxSize(columns: 4, rows: 4), symbols: .half,
      colours: .none
    ).get()
    #expect(grid.cells.allSatisfy { $0.foreground == .box && $0.background == .box })
    #expect(grid[0, 0].character != grid[3, 0].character)
  }

  @Test("ASCII: only ASCII characters")
  func ascii() throws {
    let thumbnail = try PictureDecoder.decode(path: PictureFiles.cataloguePictures[5], covering: (160, 160)).get()
    let grid = try PictureRenderer.render(
      thumbnail, size: BoxSize(columns: 20, rows: 10), symbols: .ascii, colours: .palette256
    ).get()
    #expect(grid.cells.allSatisfy { $0.character.isASCII })
  }

  @Test("a transparent area takes the box's background")
  func transparency() throws {
    let thumbnail = try PictureDecoder.decode(path: PictureFiles.fixture("alpha.png"), covering: (40, 60)).get()
    let grid = try PictureRenderer.render(
      thumbnail, size: BoxSize(columns: 4, rows: 3), symbols: .half, colours: .direct
    ).get()
    #expect(grid[1, 0].background == .box, "left: transparent")
    #expect(grid[1, 3].foreground != .box || grid[1, 3].background != .box, "right: green")
  }

  @Test("a picture is cropped about its centre to the box's shape")
  func centredCrop() {
    let wide = Thumbnail(
      width: 100, height: 50, sourceWidth: 100, sourceHeight: 50, pixels: Array(repeating: 0, count: 20000))
    let crop = PictureRenderer.centredCrop(of: wide, to: (width: 80, height: 80))
    #expect(crop.x == 25 && crop.y == 0 && crop.width == 50 && crop.height == 50)
  }

  private func colours(of cells: ArraySlice<PictureCell>) -> Set<PictureColour> {
    Set(cells.flatMap { [$0.foreground, $0.background] })
  }
}
