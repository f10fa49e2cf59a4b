import WaterfallKit

/// Runs a parsed tape on the one ``Runner`` through ``ScriptedRun`` (simulated clock, scripted input), collecting
/// what its `Output`s and `Screenshot`s ask for. Writes no file: the caller does, from the ``TapeRun``.
///
/// A tape that types a `waterfall …` command line starts at a prompt: what it types there is a shell's business
/// and is skipped, and Enter on the `waterfall` line launches the viewer with that line's arguments. Any other
/// tape launches the viewer (with the caller's arguments) at its first command.
public final class TapePlayer {
  /// Starts the viewer: `arguments` typed at the prompt, or `nil` for the caller's own; `size` in cells.
  public typealias Launch = (_ arguments: [String]?, _ size: GridSize) throws -> ScriptedRun

  /// VHS's default `WaitTimeout` and `WaitPattern`.
  public static let defaultWaitMilliseconds = 15_000
  public static let defaultWaitPattern = ">$"
  /// Width or height above this is VHS's pixels, not cells.
  public static let largestCellCount = 400

  private let commands: [TapeCommand]
  private let defaultSize: GridSize
  private let launch: Launch

  private var run: ScriptedRun?
  private var result = TapeRun()
  private var size: GridSize
  private var hidden = false
  private var quit = false
  private var waitMilliseconds = defaultWaitMilliseconds
  private var waitPattern = defaultWaitPattern
  /// The prompt's line while no viewer runs, and the time that passed there.
  private var promptLine = ""
  private var promptMilliseconds = 0
  private let startsAtPrompt: Bool
  private var recorder: CastRecorder?
  private var castBytes = ChunkedBytes()
  /// Whether a command other than a setting has run (settings after that are ignored, as in VHS).
  private var begun = false

  /// The last frame kept as text, and its text.
  private var lastTextFrame: (screen: Screen, text: String)?

  /// Which frames to keep: the text ones for a `.txt` output or a comparison, the SGR ones for `.ansi`.
  private let keepsText: Bool
  private let keepsANSI: Bool

  /// `comparing`: the frames are wanted for `--expect`, whatever the outputs.
  public init(commands: [TapeCommand], defaultSize: GridSize, comparing: Bool = false, launch: @escaping Launch) {
    (self.commands, self.defaultSize, self.launch, size) = (commands, defaultSize, launch, defaultSize)
    let outputs = commands.compactMap { if case .output(let path) = $0.action { path.lowercased() } else { nil } }
    keepsText = comparing || outputs.contains { [".txt", ".ascii", ".test"].contains(where: $0.hasSuffix) }
    keepsANSI = outputs.contains { $0.hasSuffix(".ansi") }
    startsAtPrompt = commands.contains { command in
      if case .type(let text, _) = command.action { return TypedCommandLine.arguments(text) != nil }
      return false
    }
  }

  /// Runs the tape. A launch that fails (bad typed arguments, say) is a ``TapeError`` at the Enter that launched.
  public func play() throws(TapeError) -> TapeRun {
    readSizeSettings()
    let recordsCast = commands.contains {
      // Any case, as `noteOutput` counts it: `Output DEMO.CAST` was listed but never recorded.
      if case .output(let path) = $0.action { path.lowercased().hasSuffix(".cast") } else { false }
    }
    if recordsCast {
      recorder = CastRecorder(
        header: Asciicast(width: size.width, height: size.height), clock: TapeClock(player: self),
        recordsInput: false, writeBytes: { [unowned self] line in castBytes.append(line) })
    }
    for (index, command) in commands.enumerated() {
      if quit {
        let skipped = commands[index...].filter { !$0.action.isPassive }
        if !skipped.isEmpty {
          result.notes.append(
            "line \(commands[index - 1].location.line): the viewer quit; \(skipped.count) command(s) after it not run")
        }
        break
      }
      if !command.action.isSetting {
        if command.action == .hide { hidden = true }
        if !startsAtPrompt, run == nil { try start(nil, at: command) }
        begun = true
      }
      try perform(command)
      if result.failure != nil { break }
      if command.action.drawsFrame, !hidden { recordFrame(after: command) }
    }
    if recordsCast { result.castBytes = castBytes }
    result.finalScreen = currentScreen()
    return result
  }

  // MARK: - Settings

  /// `Set Width` / `Set Height` before the first command (VHS ignores settings after it).
  private func readSizeSettings() {
    var width: Int?
    var height: Int?
    for command in commands {
      if case .setWidth(let value) = command.action {
        width = value
      } else if case .setHeight(let value) = command.action {
        height = value
      } else if !command.action.isSetting {
        break
      }
    }
    var pixels: [String] = []
    if let width {
      if width > Self.largestCellCount { pixels.append("Width \(width)") } else { size.width = width }
    }
    if let height {
      if height > Self.largestCellCount { pixels.append("Height \(height)") } else { size.height = height }
    }
    size.width = min(size.width, KeyScript.maximumSize.width)
    size.height = min(size.height, KeyScript.maximumSize.height)
    if !pixels.isEmpty {
      result.notes.append(
        "Set \(pixels.joined(separator: ", ")): VHS's pixels, not cells; the screen is \(size.width)x\(size.height)")
    }
  }

  // MARK: - Commands

  private func perform(_ command: TapeCommand) throws(TapeError) {
    switch command.action {
    case .output(let path): noteOutput(path)
    case .setWidth, .setHeight:
      if begun { result.ignore("\(command.source) (after the first command)") }
    case .setWaitTimeout(let milliseconds): waitMilliseconds = milliseconds
    case .setWaitPattern(let pattern): waitPattern = pattern
    case .ignoredSetting(let name): result.ignore(name)
    case .ignoredCommand(let name): result.ignore(name)
    case .hide: hidden = true
    case .show: hidden = false
    case .screenshot(let path):
      if path.hasSuffix(".txt") {
        result.screenshots.append((path, currentScreen().text + "\n"))
      } else if path.hasSuffix(".ansi") {
        result.screenshots.append((path, currentScreen().ansiText + "\n"))
      } else {
        result.notes.append("Screenshot \(path): only .txt and .ansi are written here (VHS draws the others)")
      }
    case .sleep(let milliseconds): advance(by: milliseconds)
    case .wait(let scope, let pattern, let timeout):
      let pattern = pattern ?? waitPattern
      let regex = try? Regex(pattern)
      try waitUntil(command, timeout: timeout ?? waitMilliseconds, what: "/\(pattern)/") {
        guard let regex else { return false }
        let screen = $0.text
        switch scope {
        case .screen: return screen.contains(regex)
        case .line:
          return screen.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.contains(regex) }
        }
      }
    case .waitSettled(let timeout):
      try waitUntil(command, timeout: timeout ?? waitMilliseconds, what: "nothing loading") { [unowned self] _ in
        run?.viewer.isSettled ?? true
      }
    case .type(let text, let speed):
      for character in text {
        if character == "\n" || character == "\r\n" || character == "\r" {
          try press(.key(.enter), command)
        } else if character == "\t" {
          try press(nil, command)
        } else {
          try press(.key(.character(character)), command)
        }
        if quit { return }
        if let speed { advance(by: speed) }
      }
    case .key(let key, let count, let speed):
      for _ in 0..<count {
        try press(key.key.map(InputEvent.key), command)
        if quit { return }
        if let speed { advance(by: speed) }
      }
    case .control(let letter):
      // Ctrl+C is SIGINT in a terminal: the viewer ends, as it does on the signal.
      if letter == "c", run != nil {
        quit = true
        return
      }
      try press(.key(.control(letter)), command)
    case .click(let x, let y): try press(.mouse(MouseEvent(kind: .press, x: x, y: y)), command)
    case .wheel(let up, let x, let y, let count):
      for _ in 0..<count {
        let screen = currentScreen()
        let event = MouseEvent(kind: up ? .wheelUp : .wheelDown, x: x ?? screen.width / 2, y: y ?? screen.height / 2)
        try press(.mouse(event), command)
        if quit { return }
      }
    case .resize(let width, let height):
      size = GridSize(width: width, height: height)
      try press(.resize(width: width, height: height), command)
    }
  }

  private func noteOutput(_ path: String) {
    let lowered = path.lowercased()
    if lowered.hasSuffix(".txt") || lowered.hasSuffix(".ascii") || lowered.hasSuffix(".test") {
      result.textOutputs.append(path)
    } else if lowered.hasSuffix(".cast") {
      result.castOutputs.append(path)
    } else if lowered.hasSuffix(".ansi") {
      result.ansiOutputs.append(path)
    } else {
      result.notes.append("Output \(path): skipped (VHS makes GIFs, videos and frames; here .txt, .cast, .ansi)")
    }
  }

  /// One input event (or, for a key the viewer binds to nothing, an empty step), launching first when needed.
  private func press(_ event: InputEvent?, _ command: TapeCommand) throws(TapeError) {
    if startsAtPrompt, run == nil {
      try typeAtPrompt(event, command)
      return
    }
    let run = try viewerRun(command)
    let stepped = event.map { run.apply(.event($0)) } ?? run.apply(.wait(0))
    if stepped == .quit { quit = true }
    drew()
  }

  private func typeAtPrompt(_ event: InputEvent?, _ command: TapeCommand) throws(TapeError) {
    switch event {
    case .key(.character(let character)): promptLine.append(character)
    case .key(.backspace): if !promptLine.isEmpty { promptLine.removeLast() }
    case .key(.control("c")), .key(.control("u")): promptLine = ""
    case .key(.enter):
      let line = promptLine
      promptLine = ""
      if let arguments = TypedCommandLine.arguments(line) { try start(arguments, at: command) }
    case .resize(let width, let height): size = GridSize(width: width, height: height)
    default: break
    }
    drew()
  }

  private func viewerRun(_ command: TapeCommand) throws(TapeError) -> ScriptedRun {
    if let run { return run }
    try start(nil, at: command)
    return run!
  }

  private func start(_ arguments: [String]?, at command: TapeCommand) throws(TapeError) {
    do {
      run = try launch(arguments, size)
    } catch {
      throw TapeError("could not start the viewer: \(error)", at: command.location)
    }
    drew()
  }

  // MARK: - Time

  private func advance(by milliseconds: Int) {
    guard let run else {
      promptMilliseconds += milliseconds
      return
    }
    var left = milliseconds
    while left > 0, !quit {
      let step = min(left, ScriptedRun.tickMilliseconds)
      left -= step
      if run.advance(by: step) == .quit { quit = true }
      drew()
    }
  }

  fileprivate var milliseconds: Int { promptMilliseconds + (run?.clock.milliseconds ?? 0) }

  private func waitUntil(
    _ command: TapeCommand, timeout: Int, what: String, _ satisfied: (Screen) -> Bool
  ) throws(TapeError) {
    let start = milliseconds
    while !satisfied(currentScreen()) {
      if quit { return }
      // At the prompt nothing changes the screen: the whole timeout passes.
      if run == nil { promptMilliseconds += timeout }
      if milliseconds - start >= timeout {
        result.failure = TapeFailure(
          command: command,
          message: "\(command.source) timed out after \(Self.seconds(timeout)) (simulated) waiting for \(what)",
          screen: currentScreen().text)
        return
      }
      advance(by: ScriptedRun.tickMilliseconds)
    }
  }

  static func seconds(_ milliseconds: Int) -> String {
    milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }

  // MARK: - Frames

  private func currentScreen() -> Screen {
    if let run { return quit ? run.viewer.renderedScreen() : run.screen }
    var screen = Screen(width: size.width, height: size.height)
    screen.put(TextSanitizer.sanitize("> " + promptLine), x: 0, y: 0)
    return screen
  }

  /// A frame was drawn: the recording sees it unless hidden.
  private func drew() {
    if !hidden, !quit { recorder?.record(frame: currentScreen()) }
  }

  private func recordFrame(after command: TapeCommand) {
    guard keepsText || keepsANSI else { return }
    let screen = currentScreen()
    if keepsText {
      // A command that changed nothing (a wait already met, a key at an edge) keeps the last frame's text: the
      // cells compare faster than they turn into text, at once when they are the same buffer.
      if let last = lastTextFrame, last.screen.width == screen.width, last.screen.cells == screen.cells {
        result.frames.append(last.text)
      } else {
        let text = screen.text
        lastTextFrame = (screen, text)
        result.frames.append(text)
      }
    }
    if keepsANSI { result.ansiFrames.append(screen.ansiText) }
    result.frameLabels.append("line \(command.location.line): \(command.source)")
  }
}

/// The tape's time: the prompt's, then the viewer's simulated clock.
private final class TapeClock: Clock {
  unowned let player: TapePlayer
  init(player: TapePlayer) { self.player = player }
  var milliseconds: Int { player.milliseconds }
}

/// A `Wait` that timed out: the run fails with the screen it was looking at.
public struct TapeFailure: Hashable, Sendable {
  public var command: TapeCommand
  public var message: String
  public var screen: String
}

/// What a tape produced; the caller writes the files.
public struct TapeRun {
  /// The screen after each command (VHS's `.txt` frames; kept when a `.txt` output or a comparison wants them),
  /// with the command that made it.
  public var frames: [String] = []
  public var ansiFrames: [String] = []
  public var frameLabels: [String] = []
  public var textOutputs: [String] = []
  public var castOutputs: [String] = []
  public var ansiOutputs: [String] = []
  /// The asciicast v2 file as UTF-8, when an `Output` asks for one (bytes: a long recording is megabytes, and
  /// they go to a file as they are).
  public var castBytes: ChunkedBytes?
  /// The asciicast v2 text, when an `Output` asks for one.
  public var cast: String? { castBytes.map { String(decoding: $0.joined, as: UTF8.self) } }
  /// `Screenshot FILE` paths and what they hold.
  public var screenshots: [(path: String, content: String)] = []
  /// Things the user should know (pixel sizes, skipped outputs), one line each.
  public var notes: [String] = []
  /// VHS settings and commands accepted but ignored, each named once, in the order first met.
  public var ignored: [String] = []
  public var failure: TapeFailure?
  public var finalScreen: Screen?

  mutating func ignore(_ name: String) {
    if !ignored.contains(name) { ignored.append(name) }
  }

  /// The `.txt` golden file.
  public var goldenText: String { GoldenFrames.text(frames) }
  public var ansiText: String { GoldenFrames.text(ansiFrames) }
  /// ``goldenText`` and ``ansiText`` as UTF-8, made without the text in between.
  public var goldenBytes: [UInt8] { GoldenFrames.bytes(frames) }
  public var ansiBytes: [UInt8] { GoldenFrames.bytes(ansiFrames) }
}

extension TapeCommand.Action {
  /// A setting or an output: read before the run, not a step of it.
  var isSetting: Bool {
    switch self {
    case .output, .setWidth, .setHeight, .setWaitTimeout, .setWaitPattern, .ignoredSetting, .ignoredCommand: true
    default: false
    }
  }

  /// Commands that change nothing the viewer sees, so skipping them after a quit is no news.
  var isPassive: Bool {
    switch self {
    case .sleep, .wait, .waitSettled, .hide, .show, .screenshot: true
    default: isSetting
    }
  }

  /// VHS writes a `.txt` frame after every command it runs while recording (settings and `Hide` are not run then).
  var drawsFrame: Bool { !isSetting && self != .hide }
}
