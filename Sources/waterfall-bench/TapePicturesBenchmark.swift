import Foundation
import Pictures
import ShopCatalog
import TapeImages
import WaterfallKit
import WaterfallViewer

/// A tape's pictures against the goals: about 10 s of browsing, search and paging on the bundled catalogue
/// at 100×30 and 25 fps, its photos in real pixels (as the README's GIF shows them), drawn to a GIF in at most a
/// tenth of the tape's own time (VHS takes the whole time in real time, then encodes), the GIF at most 1 MB, one PNG
/// screenshot at most 50 ms. The tape runs once; the drawing and encoding are timed alone, from the run's screens.
/// The same tape without pictures gives the old figure beside it.
struct TapePicturesBenchmark {
  let quick: Bool

  static let tape = """
    Output bench.gif
    Set Framerate 25
    Sleep 1s
    Down 3
    Sleep 500ms
    Right 2
    Sleep 500ms
    PageDown 2
    Sleep 1s
    Type "/coat"
    Enter
    Sleep 1s
    Down 2
    Enter
    Sleep 1s
    Escape
    PageDown
    Sleep 1s
    PageUp
    Sleep 1s
    End
    Sleep 1s
    """

  /// The tape played on the bundled catalogue; `cellPixels`: its photos in real pixels at that cell size (what
  /// `--graphics kitty` gives a tape), else no pictures at all.
  private func play(cellPixels: CellPixelSize?) -> TapeRun? {
    guard let commands = try? TapeParser.parse(Self.tape) else { return nil }
    let player = TapePlayer(commands: commands, defaultSize: GridSize(width: 100, height: 30)) { _, size in
      let catalogue = try CatalogueReading.open(path: BundledCatalogue.locate()!, pageSize: 50)
      catalogue.waitUntilComplete()
      var options = ViewerOptions()
      guard let cellPixels else { return ScriptedRun(source: catalogue, size: size, options: options) }
      options.pictures = PictureStyle(cellPixels: cellPixels)
      return ScriptedRun(source: catalogue, size: size, options: options, pictures: PictureLoader.Configuration())
    }
    return try? player.play()
  }

  /// A GIF drawn from a run, and the median wall and CPU nanoseconds of drawing and encoding it.
  private struct DrawnGIF {
    var bytes: [UInt8]
    var frames: Int
    var wall: Double
    var cpu: Double
  }

  private func drawGIF(_ run: TapeRun, settings: ImageSettings, rounds: Int) -> DrawnGIF? {
    let screens = run.screens.map { TimedScreen(milliseconds: $0.milliseconds, screen: $0.screen) }
    var result: (bytes: [UInt8], frames: Int) = ([], 0)
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<rounds {
      let start = Harness.now()
      let cpuStart = Harness.threadCPUTime()
      let frames = AnimationFrames.frames(
        screens, endMilliseconds: run.shownMilliseconds, settings: settings, unit: 10)
      guard let canvas = try? FrameCanvas(columns: 100, rows: 30, settings: settings),
        let bytes = try? GIFAnimation.encode(frames, on: canvas)
      else { return nil }
      walls.append(Double(Harness.now() - start))
      cpus.append(Double(Harness.threadCPUTime() - cpuStart))
      result = (bytes, frames.count)
    }
    return DrawnGIF(
      bytes: result.bytes, frames: result.frames, wall: Harness.median(walls), cpu: Harness.median(cpus))
  }

  func run() -> [Figure] {
    var settings = ImageSettings()
    _ = settings.apply("Framerate", "25")
    guard let cell = try? FrameCanvas.cellSize(settings: settings) else {
      print("(tape pictures: no font; skipped)")
      return []
    }
    guard let run = play(cellPixels: CellPixelSize(width: cell.width, height: cell.height)),
      run.screens.contains(where: { !$0.screen.pictures.isEmpty }), let plain = play(cellPixels: nil)
    else {
      print("(tape pictures: the tape failed or drew no pictures; skipped)")
      return []
    }
    let rounds = quick ? 3 : 7
    guard let gif = drawGIF(run, settings: settings, rounds: rounds),
      let plainGIF = drawGIF(plain, settings: settings, rounds: 1)
    else {
      print("(tape pictures: no font; skipped)")
      return []
    }
    let screens = run.screens.map { TimedScreen(milliseconds: $0.milliseconds, screen: $0.screen) }
    var pngTimes: [Double] = []
    var pngCPU: [Double] = []
    let last = screens.last?.screen ?? Screen(width: 100, height: 30)
    for _ in 0..<rounds {
      let start = Harness.now()
      let cpuStart = Harness.threadCPUTime()
      guard let canvas = try? FrameCanvas(columns: 100, rows: 30, settings: settings) else { return [] }
      canvas.paint(last)
      let png = PNGFile.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
      pngTimes.append(Double(Harness.now() - start))
      pngCPU.append(Double(Harness.threadCPUTime() - cpuStart))
      precondition(png.count > 100)
    }
    let tapeNanoseconds = Double(run.shownMilliseconds) * 1e6
    // CPU time beside wall time: what a loaded machine does not inflate (the drawing runs on this one thread).
    return [
      .scaling(name: "tape pictures: the tape's own time", value: tapeNanoseconds, unit: "ns"),
      .scaling(name: "tape pictures: GIF frames (25 fps, changes only)", value: Double(gif.frames), unit: "frames"),
      .scaling(
        name: "tape pictures: GIF with the photos drawn and encoded (goal ≤ 1/10 of the tape)", value: gif.wall,
        unit: "ns"),
      .scaling(name: "tape pictures: GIF with the photos drawn and encoded, CPU time", value: gif.cpu, unit: "ns"),
      .scaling(name: "tape pictures: GIF time / tape time", value: gif.wall / tapeNanoseconds, unit: "ratio"),
      .scaling(
        name: "tape pictures: GIF size, the catalogue's photos in real pixels (goal ≤ 1 MB)",
        value: Double(gif.bytes.count), unit: "bytes"),
      .scaling(
        name: "tape pictures: GIF size, the same tape without pictures", value: Double(plainGIF.bytes.count),
        unit: "bytes"),
      .scaling(
        name: "tape pictures: one PNG screenshot with photos, fonts included (goal ≤ 50 ms)",
        value: Harness.median(pngTimes), unit: "ns"),
      .scaling(name: "tape pictures: one PNG screenshot, CPU time", value: Harness.median(pngCPU), unit: "ns"),
    ]
  }
}
