import Pictures
import Testing
import WaterfallKit
import WaterfallViewer

/// Pictures in real pixels: the screen says where each is and which of its rows show; the cells keep the symbols.
@Suite("Pictures in pixels on the screen")
struct PixelPictureScreenTests {
  private let cell = CellPixelSize(width: 5, height: 10)

  private func runner(deflating: Bool = false) throws -> ScriptedRun {
    PictureScreenTests.runner(
      items: try PictureScreenTests.bundledItems(),
      display: PictureStyle(symbols: .half, colours: .direct, cellPixels: cell, deflatesPixels: deflating),
      width: 52, height: 24)
  }

  @Test("pictures come deflated only for a display that asks (the kitty protocol); sixel and iTerm2 do without")
  func deflatedOnlyWhenAsked() throws {
    for deflating in [false, true] {
      let runner = try runner(deflating: deflating)
      runner.apply(try KeyScript.parse("wait:10"))
      let pictures = runner.viewer.renderedScreen().pictures
      #expect(!pictures.isEmpty)
      for shown in pictures {
        #expect((shown.picture.deflated != nil) == deflating)
      }
    }
  }

  @Test("each visible box's picture is placed over its picture cells, in the cell size's pixels; the price stays")
  func placements() throws {
    let runner = try runner()
    runner.apply(try KeyScript.parse("wait:10"))
    let screen = runner.viewer.renderedScreen()
    #expect(screen.pictures.count >= 2)
    for shown in screen.pictures {
      #expect(shown.picture.width == shown.columns * cell.width)
      #expect(shown.picture.height == shown.rows * cell.height)
      #expect(shown.y >= 0 && shown.y + shown.shownRows <= screen.height)
      // Every cell under it is a picture cell or text over the picture (the price row).
      let pictureCells = (shown.y..<shown.y + shown.shownRows).flatMap { y in
        (shown.x..<shown.x + shown.columns).map { screen[$0, y].isPicture }
      }
      #expect(pictureCells.filter { $0 }.count > pictureCells.count * 3 / 4)
    }
    let text = screen.blankingPictureCells(under: screen.pictures)
    let first = try #require(screen.pictures.first)
    #expect(text.line(first.y).trimmingCharacters(in: .whitespaces).hasPrefix("│"))
    #expect(text.text.contains("¥"), "prices over pictures stay")
    #expect(!text.text.contains("▀") && !text.text.contains("▄"), "no symbol is left under a picture")
  }

  @Test("a box scrolled partly off shows its lower rows; an overlay hides the pictures under it")
  func scrollAndOverlay() throws {
    let runner = try runner()
    runner.apply(try KeyScript.parse("wait:10 j j j"))
    let scrolled = runner.viewer.renderedScreen()
    #expect(scrolled.pictures.contains { $0.firstRow > 0 && $0.y == 0 || $0.firstRow > 0 })
    runner.apply(try KeyScript.parse("?"))
    let help = runner.viewer.renderedScreen()
    #expect(help.pictures.count < scrolled.pictures.count)
    // No picture left covers a cell of the panel (the panel's cells are not picture cells).
    for shown in help.pictures {
      for y in shown.y..<shown.y + shown.shownRows {
        for x in shown.x..<shown.x + shown.columns {
          #expect(help[x, y].isPicture || y == shown.y + shown.shownRows - 1)
        }
      }
    }
  }
}

@Suite("Screen pictures")
struct ScreenPictureTests {
  private let picture = PixelPicture(width: 4, height: 8, pixels: Array(repeating: 9, count: 4 * 8 * 4))

  private func screenWithPicture() -> Screen {
    var screen = Screen(width: 10, height: 8)
    for row in 0..<4 {
      for x in 2..<6 { screen.put(pictureCharacter: "▀", x: x, y: 2 + row, style: .plain) }
      screen.addPictureRow(picture, id: 4, row: row, rows: 4, x: 2, y: 2 + row, columns: 4)
    }
    return screen
  }

  @Test("rows drawn one after another make one picture")
  func joins() {
    let screen = screenWithPicture()
    #expect(
      screen.pictures
        == [ScreenPicture(id: 4, picture: picture, x: 2, y: 2, columns: 4, rows: 4, firstRow: 0, shownRows: 4)])
  }

  @Test("filling over a picture's top or bottom rows cuts them; over its middle or part of a row hides it")
  func fillHides() {
    var top = screenWithPicture()
    top.fill(x: 0, y: 0, width: 10, height: 3)
    #expect(top.pictures.map { [$0.y, $0.firstRow, $0.shownRows] } == [[3, 1, 3]])
    var bottom = screenWithPicture()
    bottom.fill(x: 0, y: 5, width: 10, height: 1)
    #expect(bottom.pictures.map { [$0.y, $0.firstRow, $0.shownRows] } == [[2, 0, 3]])
    var middle = screenWithPicture()
    middle.fill(x: 0, y: 3, width: 10, height: 1)
    #expect(middle.pictures.isEmpty)
    var corner = screenWithPicture()
    corner.fill(x: 4, y: 0, width: 6, height: 3)
    #expect(corner.pictures.isEmpty)
    var beside = screenWithPicture()
    beside.fill(x: 6, y: 0, width: 4, height: 8)
    #expect(beside.pictures.count == 1)
  }

  @Test("blanking keeps text put over a picture and everything outside it")
  func blanking() {
    var screen = screenWithPicture()
    screen.put("$9", x: 2, y: 5)
    screen.put("x", x: 0, y: 0)
    let text = screen.blankingPictureCells(under: screen.pictures)
    #expect(text.text == "x\n\n\n\n\n  $9\n\n")
    #expect(screen.blankingPictureCells(under: []) == screen)
  }
}
