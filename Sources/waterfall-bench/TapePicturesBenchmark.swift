import Foundation
import ShopCatalog
import TapeImages
import WaterfallKit
import WaterfallViewer

/// A tape's pictures against the goals: about 10 s of browsing, search and paging on the bundled catalogue
/// at 100×30 and 25 fps, drawn to a GIF in at most a tenth of the tape's own time (VHS takes the whole time in real
/// time, then encodes), the GIF at most 1 MB, one PNG screenshot at most 50 ms. The tape runs once; the drawing
/// and encoding are timed alone, from the run's screens.
struct TapePicturesBenchmark {
  let quick: Bool
  /// The release binary, for the same tape with the catalogue's pictures in real pixels (`--graphics kitty`).
  let waterfall: String?

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

  func run() -> [Figure] {
    guard let commands = try? TapeParser.parse(Self.tape) else { return [] }
    let player = TapePlayer(commands: commands, defaultSize: GridSize(width: 100, height: 30)) { _, size in
      let catalogue = try CatalogueReading.open(path: BundledCatalogue.locate()!, pageSize: 50)
      catalogue.waitUntilComplete()
      return ScriptedRun(source: catalogue, size: size, options: ViewerOptions())
    }
    guard let run = try? player.play() else {
      print("(tape pictures: the tape failed; skipped)")
      return []
    }
    var settings = ImageSettings()
    _ = settings.apply("Framerate", "25")
    let screens = run.screens.map { TimedScreen(milliseconds: $0.milliseconds, screen: $0.screen) }
    var gif: [UInt8] = []
    var frameCount = 0
    let rounds = quick ? 3 : 7
    var gifTimes: [Double] = []
    var gifCPU: [Double] = []
    for _ in 0..<rounds {
      let start = Harness.now()
      let cpuStart = Harness.threadCPUTime()
      let frames = AnimationFrames.frames(
        screens, endMilliseconds: run.shownMilliseconds, settings: settings, unit: 10)
      guard let canvas = try? FrameCanvas(columns: 100, rows: 30, settings: settings),
        let bytes = try? GIFAnimation.encode(frames, on: canvas)
      else {
        print("(tape pictures: no font; skipped)")
        return []
      }
      gifTimes.append(Double(Harness.now() - start))
      gifCPU.append(Double(Harness.threadCPUTime() - cpuStart))
      (gif, frameCount) = (bytes, frames.count)
    }
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
    let gifTime = Harness.median(gifTimes)
    // CPU time beside wall time: what a loaded machine does not inflate (the drawing runs on this one thread).
    return [
      .scaling(name: "tape pictures: the tape's own time", value: tapeNanoseconds, unit: "ns"),
      .scaling(name: "tape pictures: GIF frames (25 fps, changes only)", value: Double(frameCount), unit: "frames"),
      .scaling(name: "tape pictures: GIF drawn and encoded (goal ≤ 1/10 of the tape)", value: gifTime, unit: "ns"),
      .scaling(name: "tape pictures: GIF drawn and encoded, CPU time", value: Harness.median(gifCPU), unit: "ns"),
      .scaling(name: "tape pictures: GIF time / tape time", value: gifTime / tapeNanoseconds, unit: "ratio"),
      .scaling(name: "tape pictures: GIF size (goal ≤ 1 MB)", value: Double(gif.count), unit: "bytes"),
      .scaling(
        name: "tape pictures: one PNG screenshot, fonts included (goal ≤ 50 ms)", value: Harness.median(pngTimes),
        unit: "ns"),
      .scaling(name: "tape pictures: one PNG screenshot, CPU time", value: Harness.median(pngCPU), unit: "ns"),
    ] + withPictures()
  }

  /// The same tape through the binary, the bundled catalogue's pictures in real pixels: the GIF's size.
  private func withPictures() -> [Figure] {
    guard let waterfall else { return [] }
    let directory = NSTemporaryDirectory() + "waterfall-bench-tape-pictures-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tape = Self.tape.replacingOccurrences(of: "Output bench.gif", with: "Output \"\(directory)/bench.gif\"")
    _ = FileManager.default.createFile(atPath: directory + "/bench.tape", contents: Data(tape.utf8))
    let command = "'\(waterfall)' snapshot --tape '\(directory)/bench.tape' --graphics kitty --size 100x30 >/dev/null"
    guard Shell.run(command) == 0,
      let size = (try? FileManager.default.attributesOfItem(atPath: directory + "/bench.gif"))?[.size] as? Int
    else { return [] }
    return [
      .scaling(
        name: "tape pictures: GIF size, the catalogue's pictures in real pixels", value: Double(size), unit: "bytes")
    ]
  }
}
