import Testing
import WaterfallViewer

@testable import TapeImages

/// What a GIF viewer shows, frame by frame, is each screen drawn: the transparency chosen between frames (runs
/// kept long, only the changed box written) never lets a stale pixel of the frame before show through.
@Suite("GIF frames as a viewer composites them")
struct GIFFramesTests {
  private let lines = ["alpha ¥12", "bravo 新品", "charlie", "delta olive", "echo", "foxtrot"]

  /// A list of coloured lines scrolled by `offset`, a selected line in reverse and a coloured box on the right.
  private func screen(scrolledBy offset: Int, selected: Int) -> Screen {
    var screen = Screen(width: 16, height: 4)
    for row in 0..<4 {
      let line = lines[(row + offset) % lines.count]
      let style =
        row == selected
        ? Style(foreground: .cyan, attributes: .reverse) : Style(foreground: .palette(UInt8(100 + row * 20)))
      screen.put(line, x: 0, y: row, style: style)
    }
    screen.fill(x: 13, y: offset % 3, width: 3, height: 2, style: Style(background: .rgb(200, 120, 40)))
    return screen
  }

  @Test("every frame composited from the GIF is its screen drawn: its nearest palette colour, or within the bound")
  func framesMatchTheScreens() throws {
    var settings = ImageSettings()
    (settings.fontSize, settings.padding) = (14, 4)
    let screens = [
      screen(scrolledBy: 0, selected: 0), screen(scrolledBy: 0, selected: 1), screen(scrolledBy: 1, selected: 1),
      screen(scrolledBy: 2, selected: 3), screen(scrolledBy: 2, selected: 3), screen(scrolledBy: 0, selected: 0),
    ]
    let frames = screens.enumerated().map { AnimationFrame(screen: $1, duration: 100 * ($0 + 1)) }
    let canvas = try FrameCanvas(columns: 16, rows: 4, settings: settings)
    let gif = try DecodedGIF(GIFAnimation.encode(frames, on: canvas))
    #expect(gif.frames.count == screens.count)

    var palette = GIFPalette(theme: settings.theme)
    let reference = try FrameCanvas(columns: 16, rows: 4, settings: settings)
    for (number, screen) in screens.enumerated() where number < gif.frames.count {
      reference.paint(screen)
      // A pixel shows its nearest palette colour, exactly when it is one (the theme's, a text's); a blend at a
      // glyph's edge may instead continue the run on its left within the bound (``GIFPalette/index(of:continuing:)``);
      // a stale pixel is neither.
      var differing = 0
      for (offset, pixel) in reference.pixels.enumerated() {
        let nearest = palette.colors[Int(palette.index(of: pixel))]
        let shown = Array(gif.frames[number][(offset * 3)..<(offset * 3 + 3)])
        if shown == [nearest.red, nearest.green, nearest.blue] { continue }
        let truth = [UInt8(pixel & 0xFF), UInt8((pixel >> 8) & 0xFF), UInt8((pixel >> 16) & 0xFF)]
        let error = zip(shown, truth).map { abs(Int($0) - Int($1)) }.max() ?? 0
        if nearest.packed == pixel || error > GIFPalette.runError { differing += 1 }
      }
      #expect(differing == 0, "frame \(number): \(differing) pixels differ from the screen")
    }
  }
}
