import ArgumentParser
import Foundation
import Pictures
import WaterfallKit
import WaterfallViewer

struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Run the viewer headless on a simulated clock and print the screen as text.",
    discussion: """
      Keys: space-separated tokens, each one character; a key name (Up Down Left Right PageUp PageDown Home End
      Enter Escape Space Backspace Tab); C-x for Ctrl-x; click:X,Y, wheelup:X,Y, wheeldown:X,Y (0-based column and row);
      resize:WxH; wait:MS (advances the simulated clock). With --latency (a demo of a slow network), use wait:MS
      to let pages arrive. The pictures a frame asks for are loaded before it is printed.
      --tape FILE.tape runs a VHS-compatible tape instead (see docs/tapes-and-recordings.md); --replay FILE.cast feeds a
      recording's input (`waterfall --record FILE.cast --record-input`); --expect GOLDEN.txt compares instead of
      writing or printing: exit 0 when the frames match, else the first differing frame as a diff and exit 1.
      """)

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var display: DisplayOptions
  @OptionGroup var pictureOptions: PictureOptions
  @OptionGroup var networkOptions: NetworkOptions
  @OptionGroup var organise: OrganiseOptions
  @OptionGroup var configOptions: ConfigOptions

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Screen size as WIDTHxHEIGHT, at most \(KeyScript.maximumSize.width)x\(KeyScript.maximumSize.height) "
        + "(default: \(Self.defaultSize); a tape's Set Width and Height give the cells that fit their pixels).",
      valueName: "size"))
  var size: String?

  static let defaultSize = "100x30"

  // `.unconditional`, so a script that starts with "-" (fewer columns) is a script, not an option.
  @Option(name: .long, parsing: .unconditional, help: "The key script.")
  var keys = ""

  @Flag(name: .long, help: "Print the screen after every step, separated by a line of '='.")
  var everyFrame = false

  @Flag(name: .long, help: "Print colours and attributes as SGR escape sequences (for a terminal or a picture of one).")
  var ansi = false

  @Option(name: .long, help: "Run this tape (VHS-compatible) on the simulated clock.")
  var tape: String?

  @Option(name: .long, help: "Replay the input of this asciicast recording (made with --record-input).")
  var replay: String?

  @Option(name: .long, help: "Compare with this golden file instead of writing or printing; exit 1 on a difference.")
  var expect: String?

  func validate() throws {
    _ = try screenSize()
    _ = try steps()
    if [tape != nil, replay != nil, !keys.isEmpty].filter({ $0 }).count > 1 {
      throw ValidationError("--tape, --replay and --keys each give the input: use one")
    }
    if expect != nil, everyFrame, tape == nil {
      throw ValidationError("--expect compares the last screen of --keys or --replay; leave out --every-frame")
    }
  }

  /// Usage errors, so they exit 64 like every other one.
  func screenSize() throws(ValidationError) -> GridSize {
    do {
      return try KeyScript.parseSize(size ?? Self.defaultSize)
    } catch {
      throw ValidationError("--size \(TextSanitizer.sanitize(size ?? "")): \(error.reason)")
    }
  }

  private func steps() throws(ValidationError) -> [ScriptStep] {
    do {
      return try KeyScript.parse(keys)
    } catch {
      throw ValidationError("--keys: \(error.description)")
    }
  }

  func run() throws {
    if let tape {
      try runTape(tape)
      return
    }
    if let replay {
      try runReplay(replay)
      return
    }
    let run = try makeRun(size: try screenSize())
    let screen = run.run(try steps(), everyFrame: everyFrame, format: ansi && expect == nil ? .ansi : .text)
    try printOrExpect(screen)
    if display.showStats { FileHandle.standardError.write(Data(run.viewer.statisticsReport.utf8)) }
  }

  /// The viewer on the simulated clock with this command's dataset and options (a tape's run leaves the default
  /// config file's keys out, as `Waterfall.withConfigFile` leaves out its settings). `keys`: a recording's key
  /// bindings, used instead of any config file's.
  /// `cellPixels`: a tape's picture cell size; with `--graphics kitty`, `sixel` or `iterm2` the pictures come in
  /// real pixels at that size too (the tape's pictures draw them; the text keeps the symbols).
  func makeRun(
    size screenSize: GridSize, readsDefaultConfig: Bool = true, keys: [Key: Action]? = nil,
    cellPixels: CellPixelSize? = nil, picking: Picking? = nil
  ) throws -> ScriptedRun {
    // Read whole first, so the screen printed is the same however fast the machine reads.
    let opened = try dataOptions.openOrExit(whole: true, network: networkOptions, organise: organise)
    var options = display.viewerOptions(
      environment: ProcessInfo.processInfo.environment, unicode: true, catalogueName: opened.name)
    try organise.apply(to: &options, data: opened)
    options.refreshKeepsItems = opened.refreshKeepsItems
    options.refreshKeepsPlace = opened.refreshKeepsPlace
    options.picking = picking
    var choice = configOptions.choice
    if !readsDefaultConfig, choice.path == nil { choice.none = true }
    options.customKeys = try keys ?? choice.load(environment: ProcessInfo.processInfo.environment)?.keys ?? [:]
    options.pictures = pictureOptions.display(
      colorEnabled: options.colorEnabled, ascii: display.ascii, terminalColors: nil)
    if let cellPixels, case .named(let graphics) = pictureOptions.graphics, graphics != .symbols {
      options.pictures?.cellPixels = cellPixels
    }
    return ScriptedRun(
      source: dataOptions.source(for: opened), size: screenSize, options: options,
      pictures: options.pictures == nil ? nil : networkOptions.configure(pictureOptions.loaderConfiguration))
  }

  /// Prints the last screen, or with --expect compares it (as text) with the golden file.
  func printOrExpect(_ output: String) throws {
    guard let expect else {
      print(output)
      return
    }
    let text = try WholeFile.text(of: expect, what: "golden file", limit: Self.largestInput)
    try compare(actual: [output], labels: ["the last input"], golden: GoldenFrames.frames(text), goldenName: expect)
  }
}
