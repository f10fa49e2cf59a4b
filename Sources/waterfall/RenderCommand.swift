import ArgumentParser
import Foundation
import TapeImages
import WaterfallViewer

/// `waterfall render REC.cast OUT.gif|webp|png`: a recording (`--record`'s, or asciinema's of any program) drawn as a
/// tape's pictures are.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract:
      "Draw an asciicast recording (--record's, or asciinema's v1, v2 or v3) as an animated GIF or WebP, or a PNG of its last screen."
  )

  @Argument(help: "The asciicast recording (made with --record or asciinema rec).")
  var recording: String

  @Argument(help: "The picture to write: .gif, .webp or .png.")
  var output: String

  // Optional, the tape's defaults (``ImageSettings``) written in the help: the manual page's generator leaves out
  // the defaults that `--help` adds by itself.
  @Option(name: .long, help: "The font size in pixels (VHS's FontSize). (default: \(Self.defaults.fontSize))")
  var fontSize: Int?

  @Option(
    name: .long,
    help:
      "The theme: \(TerminalTheme.named.map(\.name).joined(separator: ", ")). (default: \(Self.defaults.theme.name))")
  var theme: String?

  @Option(name: .long, help: "Frames per second of an animation. (default: \(Self.defaults.framerate))")
  var framerate: Int?

  private static let defaults = ImageSettings()

  func run() throws {
    let kind = (output as NSString).pathExtension.lowercased()
    guard ["gif", "webp", "png"].contains(kind) else {
      printError("\(output): the picture must end in .gif, .webp or .png")
      throw ExitCode(64)
    }
    var settings = Self.defaults
    // The tape's setting names the problem ("FontSize expects…"); the user typed the option: it is named instead.
    let given = [
      ("FontSize", "--font-size", fontSize.map(String.init)), ("Theme", "--theme", theme),
      ("Framerate", "--framerate", framerate.map(String.init)),
    ]
    for case let (name, option, value?) in given {
      if let problem = settings.apply(name, value) {
        printError("\(option) \(value): " + problem.replacingOccurrences(of: "\(name) ", with: ""))
        throw ExitCode(64)
      }
    }
    if let unknown = settings.unknownTheme {
      printError("--theme \(unknown): not one of \(TerminalTheme.named.map(\.name).joined(separator: ", "))")
      throw ExitCode(64)
    }
    let text = try WholeFile.text(of: recording, what: "recording", limit: SnapshotCommand.largestInput)
    let cast: Asciicast
    do throws(AsciicastError) {
      cast = try AsciicastReader.parse(text)
    } catch {
      // A damaged recording is bad input (2), as `snapshot --replay` says it; 64 is for a command line's mistakes.
      printError("\(recording): \(error.description)")
      throw ExitCode(2)
    }
    let read = CastScreens.screens(cast)
    let screens = read.screens.map { TimedScreen(milliseconds: $0.milliseconds, screen: $0.screen) }
    guard let last = screens.last else {
      printError("\(recording): no screen was recorded")
      throw ExitCode(2)
    }
    do {
      let canvas = try FrameCanvas(columns: cast.width, rows: cast.height, settings: settings)
      let bytes: [UInt8]
      switch kind {
      case "gif":
        bytes = try GIFAnimation.encode(
          AnimationFrames.frames(screens, endMilliseconds: read.end, settings: settings, unit: 10), on: canvas)
      case "webp":
        bytes = try WebPAnimation.encode(
          AnimationFrames.frames(screens, endMilliseconds: read.end, settings: settings, unit: 1), on: canvas)
      default:
        canvas.paint(last.screen)
        bytes = PNGFile.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
      }
      try Data(bytes).write(to: URL(fileURLWithPath: output))
    } catch let error as TapeImageError {
      printError(error.description)
      throw ExitCode(2)
    } catch {
      printError("\(output): cannot write: \(WriteFailure.reason(writing: output, error))")
      throw ExitCode(2)
    }
  }
}
