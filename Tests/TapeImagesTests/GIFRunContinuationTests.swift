import Pictures
import Testing
import WaterfallViewer

@testable import TapeImages

/// The GIF lets a photo's pixel continue the run on its left when its colour is close enough: a viewer sees every
/// pixel as its nearest palette colour or within the bound of its true colour, the theme and the text exact, and a
/// noisy photo coded as runs rather than a speckle.
@Suite("GIF runs over a photo's noise")
struct GIFRunContinuationTests {
  /// Red noise of ±6 around 115, halfway between the cube's 95 and 135: the nearest colour flips pixel by pixel.
  private static func noisyPicture(width: Int, height: Int) -> PixelPicture {
    var pixels: [UInt8] = []
    for index in 0..<(width * height) {
      pixels += [UInt8(109 + (index * 7919 + index / 3) % 13), 0, 0, 255]
    }
    return PixelPicture(width: width, height: height, pixels: pixels)
  }

  /// A price on the theme's background above a box of noise, two rows high.
  private func screen() -> Screen {
    var screen = Screen(width: 10, height: 3)
    _ = screen.put("¥129 coat", x: 0, y: 0)
    for y in 1..<3 {
      for x in 1..<9 { screen.put(pictureCharacter: "▄", x: x, y: y, style: Style(foreground: .palette(88))) }
    }
    let picture = Self.noisyPicture(width: 96, height: 48)
    screen.addPictureRow(picture, id: 1, row: 0, rows: 2, x: 1, y: 1, columns: 8)
    screen.addPictureRow(picture, id: 1, row: 1, rows: 2, x: 1, y: 2, columns: 8)
    return screen
  }

  /// The screen drawn at 14 px and encoded as a one-frame GIF: the settings, the canvas and the decoded frame.
  private func encodedFrame() throws -> (ImageSettings, FrameCanvas, [UInt8]) {
    var settings = ImageSettings()
    (settings.fontSize, settings.padding) = (14, 4)
    let canvas = try FrameCanvas(columns: 10, rows: 3, settings: settings)
    let gif = try DecodedGIF(GIFAnimation.encode([AnimationFrame(screen: screen(), duration: 100)], on: canvas))
    return (settings, canvas, try #require(gif.frames.first))
  }

  private func channels(_ packed: UInt32) -> [UInt8] {
    [UInt8(packed & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8((packed >> 16) & 0xFF)]
  }

  @Test("every pixel is its nearest palette colour or within the bound; a palette colour (the theme, text) is exact")
  func withinTheBound() throws {
    let (settings, canvas, frame) = try encodedFrame()
    var palette = GIFPalette(theme: settings.theme)
    var worst = 0
    var inexactPaletteColours = 0
    for (offset, pixel) in canvas.pixels.enumerated() {
      let shown = Array(frame[(offset * 3)..<(offset * 3 + 3)])
      let truth = channels(pixel)
      let nearest = palette.colors[Int(palette.index(of: pixel))]
      if nearest.packed == pixel {
        if shown != truth { inexactPaletteColours += 1 }
      } else if shown != [nearest.red, nearest.green, nearest.blue] {
        worst = max(worst, zip(shown, truth).map { abs(Int($0) - Int($1)) }.max() ?? 0)
      }
    }
    #expect(worst <= GIFPalette.runError, "a pixel is \(worst) from its colour on one channel")
    #expect(inexactPaletteColours == 0)
    // A known spot: the middle of the price's first cell's background is the theme's background.
    let spot = (canvas.originY + 1) * canvas.width + canvas.originX + 1
    #expect(Array(frame[(spot * 3)..<(spot * 3 + 3)]) == channels(settings.theme.background.packed))
  }

  @Test("a row across the noisy photo changes colour far less often than its nearest palette colours would")
  func noiseBecomesRuns() throws {
    let (settings, canvas, frame) = try encodedFrame()
    var palette = GIFPalette(theme: settings.theme)
    let row = canvas.originY + 2 * canvas.cellHeight + canvas.cellHeight / 2
    let columns = (canvas.originX + canvas.cellWidth)..<(canvas.originX + 9 * canvas.cellWidth)
    var shownChanges = 0
    var nearestChanges = 0
    for x in columns.dropFirst() {
      let (offset, left) = (row * canvas.width + x, row * canvas.width + x - 1)
      if frame[(offset * 3)..<(offset * 3 + 3)] != frame[(left * 3)..<(left * 3 + 3)] { shownChanges += 1 }
      if palette.index(of: canvas.pixels[offset]) != palette.index(of: canvas.pixels[left]) { nearestChanges += 1 }
    }
    #expect(nearestChanges >= columns.count / 4, "the noise flips the nearest colour often: \(nearestChanges)")
    #expect(shownChanges * 3 <= nearestChanges, "\(shownChanges) changes shown against \(nearestChanges) nearest")
  }
}
