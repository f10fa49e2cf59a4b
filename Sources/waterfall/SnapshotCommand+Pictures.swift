import ArgumentParser
import Foundation
import Pictures
import TapeImages
import WaterfallViewer

/// A tape's pictures: `Output x.gif|webp|png` and `Screenshot x.png`, drawn from the run's screens (TapeImages).
extension SnapshotCommand {
  /// The tape's picture settings (`Set FontSize 22`…), or a message naming the line and what is wrong.
  static func pictureSettings(_ commands: [TapeCommand], tape: String) throws -> ImageSettings {
    var settings = ImageSettings()
    for command in commands {
      guard case .pictureSetting(let name, let value) = command.action else { continue }
      if let problem = settings.apply(name, value) {
        printError("\(tape):\(command.location): \(problem)")
        throw ExitCode(64)
      }
    }
    for command in commands where writesPictures(commands) {
      switch command.action {
      case .setWidth(let pixels), .setHeight(let pixels):
        if pixels > FrameCanvas.largestSide {
          printError("\(tape):\(command.location): \(command.source): over \(FrameCanvas.largestSide) pixels")
          throw ExitCode(64)
        }
      default: continue
      }
    }
    // VHS's own check: the picture must hold its padding, margin and bar.
    if let pixels = TapePlayer.pixelSize(commands) {
      let insets = settings.insets
      if pixels.width < insets.horizontal || pixels.height < insets.vertical {
        printError("\(tape): Dimensions must be at least \(insets.horizontal) x \(insets.vertical)")
        throw ExitCode(64)
      }
    }
    if let theme = settings.unknownTheme {
      printError(
        "\(tape): Theme \"\(theme)\" is not one of \(TerminalTheme.named.map(\.name).joined(separator: ", ")): "
          + "pictures use VHS's default theme")
    }
    if let fill = settings.undrawnMarginFill {
      printError(
        "\(tape): MarginFill \"\(fill)\" is not a #rrggbb colour: the margin is drawn in the theme's background")
    }
    return settings
  }

  /// The pictures' cell size in pixels, when the tape writes pictures: pictures in real pixels are drawn at it.
  static func pictureCellPixels(_ commands: [TapeCommand], settings: ImageSettings) -> CellPixelSize? {
    guard writesPictures(commands), let cell = try? FrameCanvas.cellSize(settings: settings) else { return nil }
    return CellPixelSize(width: cell.width, height: cell.height)
  }

  /// Whether the tape has an `Output` or `Screenshot` that is a picture.
  static func writesPictures(_ commands: [TapeCommand]) -> Bool {
    commands.contains { command in
      switch command.action {
      case .output(let path), .screenshot(let path):
        path.hasSuffix("/") || TapePlayer.pictureExtensions.contains { path.lowercased().hasSuffix($0) }
      default: false
      }
    }
  }

  /// VHS's `Width`/`Height` in pixels as cells of the pictures' font (none when no font is found: noted then).
  static func cellsForPixels(_ settings: ImageSettings) -> TapePlayer.CellsForPixels {
    { width, height in try? FrameCanvas.cells(fittingWidth: width, height: height, settings: settings) }
  }

  /// Writes the run's pictures; a clear message and exit 2 when one cannot be drawn or written.
  func writePictures(_ run: TapeRun, settings: ImageSettings, pixelSize: (width: Int, height: Int)?) throws {
    guard !run.pictureOutputs.isEmpty || !run.pictureScreenshots.isEmpty || !run.frameFolders.isEmpty else { return }
    var settings = settings
    (settings.pixelWidth, settings.pixelHeight) = (pixelSize?.width, pixelSize?.height)
    let first = run.screens.first?.screen ?? run.finalScreen
    let columns = first?.width ?? 80
    let rows = first?.height ?? 24
    do {
      for output in run.pictureOutputs {
        let canvas = try FrameCanvas(columns: columns, rows: rows, settings: settings)
        let screens = run.screens.map { TimedScreen(milliseconds: $0.milliseconds, screen: $0.screen) }
        let bytes: [UInt8]
        switch (output as NSString).pathExtension.lowercased() {
        case "gif":
          let frames = AnimationFrames.frames(
            screens, endMilliseconds: run.shownMilliseconds, settings: settings, unit: 10)
          bytes = try GIFAnimation.encode(frames, on: canvas)
        case "webp":
          let frames = AnimationFrames.frames(
            screens, endMilliseconds: run.shownMilliseconds, settings: settings, unit: 1)
          bytes = try WebPAnimation.encode(frames, on: canvas)
        default:
          if let last = run.screens.last?.screen ?? run.finalScreen { canvas.paint(last) }
          bytes = PNGFile.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
        }
        try writePicture(bytes, to: output)
      }
      for folder in run.frameFolders {
        try writeFrames(run, into: folder, canvas: try FrameCanvas(columns: columns, rows: rows, settings: settings))
      }
      for screenshot in run.pictureScreenshots {
        let canvas = try FrameCanvas(columns: columns, rows: rows, settings: settings)
        canvas.paint(screenshot.screen)
        try writePicture(
          PNGFile.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels), to: screenshot.path)
      }
    } catch let error as TapeImageError {
      printError("\(error.description)")
      throw ExitCode(2)
    }
  }

  /// `Output frames/`: the animation's frames, one PNG each (`frame-00001.png`…), in a folder made as needed.
  private func writeFrames(_ run: TapeRun, into folder: String, canvas: FrameCanvas) throws {
    try Self.makeFolder(folder)
    let screens = run.screens.map { TimedScreen(milliseconds: $0.milliseconds, screen: $0.screen) }
    let frames = AnimationFrames.frames(
      screens, endMilliseconds: run.shownMilliseconds, settings: canvas.settings, unit: 1)
    for (number, frame) in frames.enumerated() {
      canvas.paint(frame.screen)
      let name = String(format: "frame-%05d.png", number + 1)
      try writePicture(
        PNGFile.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels),
        to: (folder as NSString).appendingPathComponent(name))
    }
  }

  /// Makes `folder` and the folders above it as needed, as VHS does for an `Output`
  /// (`os.MkdirAll(filepath.Dir(output), 0o750)`): its own example tapes write to `examples/…/name.gif`.
  static func makeFolder(_ folder: String) throws {
    guard !folder.isEmpty else { return }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
    } catch {
      printError("\(folder): cannot make the folder: \(WriteFailure.reason(writing: folder, error))")
      throw ExitCode(2)
    }
  }

  private func writePicture(_ bytes: [UInt8], to path: String) throws {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      printError("\(path): cannot write: \(WriteFailure.reason(writing: path, error))")
      throw ExitCode(2)
    }
  }
}
