import Pictures
import TapeImages
import Testing
import WaterfallViewer

/// A screen drawn to pixels, checked in the PNG a user gets.
@Suite("Screens drawn to pixels")
struct ScreenPixelsTests {
  private var settings: ImageSettings {
    var settings = ImageSettings()
    (settings.fontSize, settings.padding) = (20, 10)
    return settings
  }

  private func png(_ screen: Screen, settings: ImageSettings) throws -> (DecodedPNG, FrameCanvas) {
    let canvas = try FrameCanvas(columns: screen.width, rows: screen.height, settings: settings)
    canvas.paint(screen)
    return (try DecodedPNG(PNGFile.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels)), canvas)
  }

  /// Pixels of cell `x`, `y` that differ from the theme's background.
  private func ink(_ image: DecodedPNG, _ canvas: FrameCanvas, x: Int, y: Int, theme: TerminalTheme) -> Int {
    let background = [theme.background.red, theme.background.green, theme.background.blue]
    var count = 0
    for py in 0..<canvas.cellHeight {
      for px in 0..<canvas.cellWidth
      where image.pixel(canvas.originX + x * canvas.cellWidth + px, canvas.originY + y * canvas.cellHeight + py)
        != background
      {
        count += 1
      }
    }
    return count
  }

  @Test("a glyph inks its own cell in the foreground colour, and the padding and the next cell stay background")
  func glyphInItsCell() throws {
    var screen = Screen(width: 4, height: 2)
    _ = screen.put("H", x: 1, y: 0)
    let (image, canvas) = try png(screen, settings: settings)
    #expect(image.width == 4 * canvas.cellWidth + 20 && image.height == 2 * canvas.cellHeight + 20)
    #expect(ink(image, canvas, x: 1, y: 0, theme: .vhs) > canvas.cellHeight)
    #expect(ink(image, canvas, x: 0, y: 0, theme: .vhs) == 0)
    #expect(ink(image, canvas, x: 2, y: 0, theme: .vhs) == 0)
    #expect(image.pixel(2, 2) == [0x17, 0x17, 0x17], "VHS's default background")
    // H's crossbar: the foreground colour itself somewhere in the cell.
    let foreground: [UInt8] = [0xDD, 0xDD, 0xDD]
    let cellPixels = (0..<canvas.cellHeight).flatMap { py in
      (0..<canvas.cellWidth).map { px in
        image.pixel(canvas.originX + canvas.cellWidth + px, canvas.originY + py)
      }
    }
    #expect(cellPixels.contains(foreground))
  }

  @Test("the terminal's cursor is not drawn: the viewer hides it (it rests on the focus for screen readers)")
  func hiddenCursorNotDrawn() throws {
    var screen = Screen(width: 4, height: 2)
    (screen.cursorColumn, screen.cursorRow) = (2, 1)
    let (image, canvas) = try png(screen, settings: settings)
    #expect(ink(image, canvas, x: 2, y: 1, theme: .vhs) == 0, "the cursor's cell is as blank as the others")
  }

  @Test("a wide CJK character inks both of its cells")
  func wideCharacter() throws {
    var screen = Screen(width: 6, height: 1)
    _ = screen.put("新", x: 2, y: 0)
    let (image, canvas) = try png(screen, settings: settings)
    #expect(ink(image, canvas, x: 2, y: 0, theme: .vhs) > 10)
    #expect(ink(image, canvas, x: 3, y: 0, theme: .vhs) > 10, "the right half is drawn, not blanked")
    #expect(ink(image, canvas, x: 4, y: 0, theme: .vhs) == 0)
  }

  @Test("a colour emoji is drawn in its own colours across its two cells (Noto Color Emoji, scaled to the cell)")
  func colourEmoji() throws {
    var screen = Screen(width: 4, height: 1)
    _ = screen.put("💕", x: 1, y: 0)
    let (image, canvas) = try png(screen, settings: settings)
    var colourful = 0
    for py in 0..<canvas.cellHeight {
      for px in 0..<(2 * canvas.cellWidth) {
        let pixel = image.pixel(canvas.originX + canvas.cellWidth + px, canvas.originY + py)
        if Int(pixel[0]) - Int(pixel[1]) > 60 { colourful += 1 }
      }
    }
    #expect(colourful > canvas.cellHeight, "pink ink, not the foreground's grey")
  }

  @Test("reverse video and 256-colour and direct-colour backgrounds fill their cells")
  func colours() throws {
    var screen = Screen(width: 3, height: 1)
    _ = screen.put(" ", x: 0, y: 0, style: Style(background: .palette(196)))
    _ = screen.put(" ", x: 1, y: 0, style: Style(background: .rgb(1, 2, 3)))
    _ = screen.put(" ", x: 2, y: 0, style: Style(attributes: .reverse))
    let (image, canvas) = try png(screen, settings: settings)
    let middle = canvas.originY + canvas.cellHeight / 2
    #expect(image.pixel(canvas.originX + 1, middle) == [255, 0, 0])
    #expect(image.pixel(canvas.originX + canvas.cellWidth + 1, middle) == [1, 2, 3])
    #expect(image.pixel(canvas.originX + 2 * canvas.cellWidth + 1, middle) == [0xDD, 0xDD, 0xDD])
  }

  @Test(
    "a picture shown in real pixels is drawn as its pixels, in a colour no 256-colour palette has; text over it stays"
  )
  func pictureInItsBox() throws {
    var screen = Screen(width: 8, height: 4)
    // Its mosaic fallback in the cells says something else: the picture's pixels win.
    for y in 1..<3 {
      for x in 2..<5 { screen.put(pictureCharacter: "▄", x: x, y: y, style: Style(foreground: .palette(21))) }
    }
    let color: [UInt8] = [17, 171, 99]
    let picture = PixelPicture(
      width: 30, height: 40, pixels: Array((0..<(30 * 40)).map { _ in color + [255] }.joined()))
    screen.addPictureRow(picture, id: 1, row: 0, rows: 2, x: 2, y: 1, columns: 3)
    screen.addPictureRow(picture, id: 1, row: 1, rows: 2, x: 2, y: 2, columns: 3)
    // A price over the picture's last row stays on top, as in a terminal.
    _ = screen.put("$", x: 4, y: 2, style: Style(background: .palette(196)))
    let (image, canvas) = try png(screen, settings: settings)
    #expect(image.pixel(canvas.originX + 4 * canvas.cellWidth, canvas.originY + 2 * canvas.cellHeight) == [255, 0, 0])
    for (x, y) in [(2, 1), (4, 1), (3, 2)] {
      let px = canvas.originX + x * canvas.cellWidth + canvas.cellWidth / 2
      let py = canvas.originY + y * canvas.cellHeight + canvas.cellHeight / 2
      #expect(image.pixel(px, py) == color)
    }
    #expect(image.pixel(canvas.originX + canvas.cellWidth / 2, canvas.originY + canvas.cellHeight + 2) != color)
  }

  @Test("bold and a box-drawing border are drawn: the border's line is continuous across cells")
  func boxDrawing() throws {
    var screen = Screen(width: 4, height: 1)
    _ = screen.put("───", x: 0, y: 0)
    let (image, canvas) = try png(screen, settings: settings)
    let row = (0..<canvas.cellHeight).first { py in
      image.pixel(canvas.originX, canvas.originY + py) != [0x17, 0x17, 0x17]
    }
    let line = try #require(row)
    for px in 0..<(3 * canvas.cellWidth) {
      #expect(image.pixel(canvas.originX + px, canvas.originY + line) == [0xDD, 0xDD, 0xDD])
    }
  }
}
