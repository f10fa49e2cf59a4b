import ArgumentParser
import Foundation
import WaterfallTerminal
import WaterfallViewer

struct ViewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "view", abstract: "Open the viewer (the default).")

  // Titled, so `--help` shows the options in sections, as `less --help` does.
  @OptionGroup(title: "Data") var dataOptions: DataOptions
  @OptionGroup(title: "Display") var display: DisplayOptions
  @OptionGroup(title: "Pictures") var pictureOptions: PictureOptions
  @OptionGroup(title: "Network") var networkOptions: NetworkOptions
  @OptionGroup(title: "Order and filter") var organise: OrganiseOptions
  @OptionGroup(title: "Config file") var configOptions: ConfigOptions
  @OptionGroup(title: "Picking (as fzf)") var pickOptions: PickOptions

  @Option(
    name: .long, help: "Record the session as asciicast v2 (what the screen showed, with real times). (default: none)",
    completion: .file(extensions: ["cast"]))
  var record: String?

  @Flag(name: .long, help: "With --record, record the keys and clicks too, so `snapshot --replay` can replay them.")
  var recordInput = false

  func validate() throws {
    if recordInput, record == nil { throw ValidationError("--record-input goes with --record FILE.cast") }
  }

  func run() throws {
    // Everything that can fail does so before the terminal is touched.
    // A dataset slow to give its first items (a pipe, a FIFO, a far feed) says so, and q quits meanwhile.
    // A failure is printed once the watch has cleared its notice's line, never after it on the same line.
    let (opening, typedEarly) = OpeningWatch.open(
      awaiting: dataOptions.awaitedName, quitStatus: pickOptions.pick ? 130 : 0
    ) { dataOptions.opening(whole: false, whenPiped: true, network: networkOptions, organise: organise) }
    let opened = try DataOptions.exitOnFailure(opening)
    let environment = ProcessInfo.processInfo.environment
    // The screen and the keys on /dev/tty when standard input or output is a pipe or a file.
    let pickOutput: Int32
    switch ControllingTerminal.takeStandardStreams() {
    case .success(let descriptor): pickOutput = descriptor
    case .failure(let noTerminal): throw Self.refuseWithoutTerminal(noTerminal.reason)
    }
    if let reason = TerminalSession.unusableTerminalReason(environment: environment) {
      throw Self.refuseWithoutTerminal(reason)
    }
    let recordingFile = try record.map(openRecording)
    let unicode = TerminalSession.localeIsUTF8()
    var options = display.viewerOptions(environment: environment, unicode: unicode, catalogueName: opened.name)
    try organise.apply(to: &options, data: opened)
    options.refreshKeepsItems = opened.refreshKeepsItems
    options.refreshKeepsPlace = opened.refreshKeepsPlace
    options.customKeys = try configOptions.choice.load(environment: ProcessInfo.processInfo.environment)?.keys ?? [:]
    options.crashKeyEnabled = environment["WATERFALL_CRASH_KEY"] == "1"
    options.picking = pickOptions.picking
    // Opening the disk cache reads its whole folder: done here, a large cache is not a blank screen.
    let pictures = networkOptions.configure(pictureOptions.loaderConfiguration)
    let session = TerminalSession(mouse: !display.noMouse, color: options.colorEnabled)
    session.keep(typedEarly: typedEarly)
    session.followTerminalWidths()
    options.pictures = pictureOptions.display(
      colorEnabled: options.colorEnabled && session.colorAvailable, ascii: display.ascii || !unicode,
      terminalColors: session.colorCount)
    // Pixels unless colour is turned off (--no-color, NO_COLOR, --color none): the terminal's colour count
    // bounds the symbols, not its pixels. The symbols stay in the cells as the fallback.
    let graphics = session.chooseGraphics(
      pictureOptions.graphics,
      picturesInColour: options.pictures != nil && options.colorEnabled && pictureOptions.color != .none,
      environment: environment)
    if let graphics {
      options.pictures?.cellPixels = graphics.cellPixels
      options.pictures?.deflatesPixels = graphics.deflatesPixels
    }
    let recording = recordingFile.map { file in
      InteractiveViewer.Recording(
        header: Asciicast(
          width: 0, height: 0, timestamp: Int(Date().timeIntervalSince1970),
          arguments: recordedArguments(unicode: unicode),
          keys: options.customKeys),
        recordsInput: recordInput
      ) { line in file.write(Data(line.utf8)) }
    }
    let (ending, picked, statistics) = InteractiveViewer.run(
      source: dataOptions.source(for: opened), options: options, session: session,
      pictures: pictures, recording: recording, graphics: graphics)
    session.restore()
    try? recordingFile?.close()
    if display.showStats { FileHandle.standardError.write(Data(statistics.utf8)) }
    // Die of the same signal, now that the terminal is back, so the parent sees what happened.
    if case .signal(let number) = ending { TerminalSession.die(of: number) }
    guard pickOptions.pick else { return }
    // Nothing picked (Esc, q): fzf's status for an interrupted choice, and nothing printed.
    guard let picked else { throw ExitCode(130) }
    pickOptions.write(picked, streamed: opened.streamedInput, to: pickOutput)
  }

  /// Says why there is no terminal to draw on, and gives the exit status.
  private static func refuseWithoutTerminal(_ reason: String) -> ExitCode {
    printError("\(reason): the viewer needs a terminal; for text output use `waterfall snapshot` (see --help)")
    return ExitCode(2)
  }

  /// The recording file, created before the terminal is touched.
  private func openRecording(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path)
    else {
      printError("\(path): cannot write the recording here")
      throw ExitCode(2)
    }
    return file
  }

  /// The arguments a replay needs to run the same program: this command line without the recording options. The
  /// config file's settings are written out and the file itself is not named (its `[keys]` go in the header), so a
  /// recording replays the same on a machine without that file. A session drawn in ASCII because its locale is not
  /// UTF-8 (`unicode` false) records `--ascii`: the replay, wherever it runs, draws what the session showed.
  func recordedArguments(
    from commandLine: [String] = Array(CommandLine.arguments.dropFirst()), unicode: Bool = true
  ) -> [String] {
    var arguments: [String] = []
    var words = ((try? Waterfall.withConfigFile(commandLine)) ?? commandLine)[...]
    if words.first == "view" { words.removeFirst() }
    while let word = words.popFirst() {
      // The file's settings and its view are written out as words: the recording replays without the file.
      if word == "--record" || word == "--config" || word == "--view" {
        _ = words.popFirst()
      } else if word.hasPrefix("--record=") || word == "--record-input" || word.hasPrefix("--config=")
        || word == "--no-config" || word.hasPrefix("--view=")
      {
        continue
      } else {
        arguments.append(word)
      }
    }
    if !unicode, !arguments.contains("--ascii") { arguments.append("--ascii") }
    return arguments
  }
}
