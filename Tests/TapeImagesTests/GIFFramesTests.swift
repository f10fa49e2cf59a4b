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

  @Test("every frame composited from the GIF equals its screen drawn and mapped to the palette")
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
      let expected = reference.pixels.flatMap { pixel -> [UInt8] in
        let color = palette.colors[Int(palette.index(of: pixel))]
        return [color.red, color.green, color.blue]
      }
      let differing = zip(expected, gif.frames[number]).filter { $0 != $1 }.count
      #expect(differing == 0, "frame \(number): \(differing) colour bytes differ from the screen")
    }
  }
}
