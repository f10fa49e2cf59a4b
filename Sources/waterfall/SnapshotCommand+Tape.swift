import ArgumentParser
import Foundation
import WaterfallKit
import WaterfallTerminal
import WaterfallViewer

/// `snapshot --tape`, `--replay` and `--expect`: files in and out around the pure tape parser and player.
extension SnapshotCommand {
  /// Whether `arguments` run a tape or a replay: checks that must give the same result on every machine, so the
  /// default config file is not read for them (an explicit `--config FILE` still is).
  static func isCheck(_ arguments: [String]) -> Bool {
    arguments.contains { word in
      ["--tape", "--replay"].contains(word) || word.hasPrefix("--tape=") || word.hasPrefix("--replay=")
    }
  }

  /// `arguments` (typed in a tape, or kept in a recording) with the config file left out unless they name one.
  static func withoutDefaultConfig(_ arguments: [String]) -> [String] {
    let choice = ConfigChoice.scan(arguments)
    return choice.path != nil || choice.none ? arguments : arguments + ["--no-config"]
  }

  /// Tapes, recordings and golden files are read whole: larger than this is not one.
  static let largestInput = 16 << 20

  func runTape(_ path: String) throws {
    let text = try WholeFile.text(of: path, what: "tape", limit: Self.largestInput)
    let folder = (path as NSString).deletingLastPathComponent
    let (commands, problems) = TapeParser.read(text) { sourced in
      // VHS reads a Source relative to where it runs; a tape's own folder is where its author meant.
      let resolved = sourced.hasPrefix("/") || folder.isEmpty ? sourced : folder + "/" + sourced
      return try? WholeFile.text(of: resolved, what: "tape", limit: Self.largestInput)
    }
    guard problems.isEmpty else {
      for problem in problems { printError("\(path):\(problem.description)") }
      throw ExitCode(64)
    }
    try Self.applyEnvironment(commands, tape: path)
    let settings = try Self.pictureSettings(commands, tape: path)
    let cellPixels = Self.pictureCellPixels(commands, settings: settings)
    let player = TapePlayer(
      commands: commands, defaultSize: try screenSize(), sizeIsExplicit: size != nil, comparing: expect != nil,
      cellsForPixels: Self.cellsForPixels(settings)
    ) { arguments, size in
      guard let arguments else {
        return try makeRun(size: size, readsDefaultConfig: false, cellPixels: cellPixels)
      }
      let typed: SnapshotCommand
      do {
        typed = try SnapshotCommand.parse(Self.withoutDefaultConfig(arguments))
      } catch {
        throw TypedArgumentsError(message: SnapshotCommand.message(for: error))
      }
      return try typed.makeRun(size: size, cellPixels: cellPixels)
    }
    let run: TapeRun
    do throws(TapeError) {
      run = try player.play()
    } catch {
      printError("\(path):\(error.description)")
      throw ExitCode(64)
    }
    let name = path
    if !run.ignored.isEmpty {
      printError("\(name): ignored (they only matter to VHS): \(run.ignored.joined(separator: ", "))")
    }
    for note in run.notes { printError("\(name): \(note)") }
    if let expect {
      let golden = GoldenFrames.frames(try WholeFile.text(of: expect, what: "golden file", limit: Self.largestInput))
      if let failure = run.failure { try fail(failure, tape: name) }
      try compare(actual: run.frames, labels: run.frameLabels, golden: golden, goldenName: expect)
      return
    }
    for output in run.textOutputs + run.ansiOutputs + run.castOutputs + run.pictureOutputs {
      try Self.makeFolder((output as NSString).deletingLastPathComponent)
    }
    if !run.textOutputs.isEmpty {
      let golden = run.goldenBytes
      for output in run.textOutputs { try write(golden, to: output) }
    }
    if !run.ansiOutputs.isEmpty {
      let frames = run.ansiBytes
      for output in run.ansiOutputs { try write(frames, to: output) }
    }
    if let cast = run.castBytes { for output in run.castOutputs { try write(cast.chunks, to: output) } }
    for screenshot in run.screenshots { try write(screenshot.content, to: screenshot.path) }
    try writePictures(run, settings: settings, pixelSize: TapePlayer.pixelSize(commands))
    if let failure = run.failure { try fail(failure, tape: name) }
    if let screen = run.finalScreen { print(ansi ? screen.ansiText : screen.text) }
  }

  /// `Require` and `Env`, before anything runs, as VHS does them: a program missing from the `PATH` stops the
  /// tape; a variable is set for the viewer the tape starts.
  static func applyEnvironment(_ commands: [TapeCommand], tape: String) throws {
    for command in commands {
      switch command.action {
      case .require(let program):
        // The program running the tape is there, wherever it was started from.
        guard program == "waterfall" || ExecutableSearch.find(program) != nil else {
          printError("\(tape):\(command.location): Require \(program): not found on the PATH")
          throw ExitCode(1)
        }
      case .env(let name, let value):
        guard !name.isEmpty, !name.contains("="), setenv(name, value, 1) == 0 else {
          printError("\(tape):\(command.location): Env \(name): not a variable's name")
          throw ExitCode(64)
        }
      default: continue
      }
    }
  }

  func runReplay(_ path: String) throws {
    let cast: Asciicast
    do {
      cast = try AsciicastReader.parse(try WholeFile.text(of: path, what: "recording", limit: Self.largestInput))
    } catch let error as AsciicastError {
      printError("\(path): \(error.description)")
      throw ExitCode(2)
    }
    // asciinema's own recordings have no arguments to replay: replayed, they would show the bundled catalogue.
    guard cast.madeByWaterfall else {
      printError("\(path): not a waterfall recording (its header has no waterfall_arguments): make one with --record")
      throw ExitCode(2)
    }
    let recorded: SnapshotCommand
    // A pick session's recording replays as the pick session it was; only the viewer takes --pick.
    let (arguments, picking) = PickOptions.takenOut(of: cast.arguments)
    do {
      recorded = try SnapshotCommand.parse(Self.withoutDefaultConfig(arguments))
    } catch {
      printError(
        "\(path): the recorded arguments: \(SnapshotCommand.message(for: error))")
      throw ExitCode(64)
    }
    let steps = ReplayScript.steps(cast) { bytes in
      var decoder = TerminalInputDecoder()
      return decoder.decode(Array(bytes.utf8)) + decoder.flush()
    }
    // The recorded key map (a recording made before keys were kept names its config file instead).
    let run = try recorded.makeRun(
      size: GridSize(width: cast.width, height: cast.height), keys: cast.keys.isEmpty ? nil : cast.keys,
      picking: picking)
    // A link the live session could not open (no browser there) gave a notice: the replay gives the same.
    run.opener.answers = cast.openAnswers
    if everyFrame {
      try printOrExpect(run.run(steps, everyFrame: true, format: ansi && expect == nil ? .ansi : .text))
      return
    }
    let last = Self.lastShownScreen(run, steps)
    try printOrExpect(ansi && expect == nil ? last.ansiText : last.text)
  }

  /// The screen the live session showed last: the one before the key that quit (that key's own changes, a notice
  /// cleared, were never drawn live), else the screen after the last step. Drawn only before input events.
  static func lastShownScreen(_ run: ScriptedRun, _ steps: [ScriptStep]) -> Screen {
    var beforeInput: Screen?
    for step in steps {
      if case .event = step { beforeInput = run.screen }
      if run.apply(step) == .quit { return beforeInput ?? run.screen }
    }
    return run.screen
  }

  /// Exit 0 when `actual` matches the golden frames; else the first differing frame as a diff, exit 1.
  func compare(actual: [String], labels: [String], golden: [String], goldenName: String) throws {
    if let report = GoldenFrames.mismatch(
      expected: golden, actual: actual, labels: labels, expectedName: goldenName)
    {
      // The golden file is untrusted: its lines are shown escaped, never sent to the terminal.
      print(TextSanitizer.escapeVisibly(report, keepingNewlines: true), terminator: "")
      throw ExitCode(1)
    }
  }

  private func fail(_ failure: TapeFailure, tape: String) throws -> Never {
    printError("\(tape):\(failure.command.location): \(failure.message); the screen:")
    FileHandle.standardError.write(
      Data((TextSanitizer.escapeVisibly(failure.screen, keepingNewlines: true) + "\n").utf8))
    throw ExitCode(1)
  }

  private func write(_ text: String, to path: String) throws {
    try write(Array(text.utf8), to: path)
  }

  private func write(_ bytes: [UInt8], to path: String) throws {
    try write([bytes], to: path)
  }

  /// The chunks one after another, each from its own memory (no copy: a recording is megabytes).
  private func write(_ chunks: [[UInt8]], to path: String) throws {
    do {
      let url = URL(fileURLWithPath: path)
      try Data().write(to: url)
      let file = try FileHandle(forWritingTo: url)
      defer { try? file.close() }
      for chunk in chunks { try file.write(contentsOf: chunk) }
    } catch {
      printError("\(path): cannot write: \(WriteFailure.reason(writing: path, error))")
      throw ExitCode(2)
    }
  }
}

/// A `waterfall …` line typed in a tape whose arguments do not parse.
struct TypedArgumentsError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
