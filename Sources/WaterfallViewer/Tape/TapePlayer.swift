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

  /// VHS's default `TypingSpeed`: the time after each typed character and each key.
  public static let defaultTypingMilliseconds = 50
  /// VHS's default `WaitTimeout` and `WaitPattern`.
  public static let defaultWaitMilliseconds = 15_000
  public static let defaultWaitPattern = ">$"
  /// VHS's picture size when a tape sets only one of `Width` and `Height`.
  public static let defaultPixelSize = (width: 1200, height: 600)

  private let commands: [TapeCommand]
  private let defaultSize: GridSize
  /// The caller's size was asked for (`--size`): it wins over the cells `Width`/`Height` would give.
  private let sizeIsExplicit: Bool
  /// What `Copy` put on the tape's clipboard, for `Paste`.
  private var clipboard = ""
  private let launch: Launch

  private var run: ScriptedRun?
  private var result = TapeRun()
  private var size: GridSize
  private var hidden = false
  private var quit = false
  private var waitMilliseconds = defaultWaitMilliseconds
  private var waitPattern = defaultWaitPattern
  private var typingMilliseconds = defaultTypingMilliseconds
  /// Time spent hidden (`Hide` … `Show`): left out of the pictures' timeline, as VHS cuts it from its videos.
  private var hiddenMilliseconds = 0
  private var hiddenSince: Int?
  /// Whether the screens over time are kept, for a GIF, WebP or PNG output.
  private let keepsScreens: Bool
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

  /// The cells that fit a `Set Width` / `Set Height` in pixels (VHS's meaning), in the pictures' font; `nil`
  /// when there is no font to measure.
  public typealias CellsForPixels = (_ width: Int, _ height: Int) -> (columns: Int, rows: Int)?

  private let cellsForPixels: CellsForPixels?

  /// `comparing`: the frames are wanted for `--expect`, whatever the outputs. `cellsForPixels`: how pixel sizes
  /// become cells (without it they are noted and ignored). `sizeIsExplicit`: `defaultSize` was asked for.
  public init(
    commands: [TapeCommand], defaultSize: GridSize, sizeIsExplicit: Bool = false, comparing: Bool = false,
    cellsForPixels: CellsForPixels? = nil, launch: @escaping Launch
  ) {
    (self.commands, self.defaultSize, self.launch, size) = (commands, defaultSize, launch, defaultSize)
    self.sizeIsExplicit = sizeIsExplicit
    self.cellsForPixels = cellsForPixels
    let outputs = commands.compactMap { if case .output(let path) = $0.action { path.lowercased() } else { nil } }
    keepsText = comparing || outputs.contains { [".txt", ".ascii", ".test"].contains(where: $0.hasSuffix) }
    keepsANSI = outputs.contains { $0.hasSuffix(".ansi") }
    keepsScreens = outputs.contains { path in
      path.hasSuffix("/") || Self.pictureExtensions.contains { path.hasSuffix($0) }
    }
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
      // The arguments the tape's typed `waterfall …` line runs, so `snapshot --replay` runs the same viewer.
      let typed = commands.lazy.compactMap { command -> [String]? in
        if case .type(let text, _) = command.action { TypedCommandLine.arguments(text) } else { nil }
      }.first
      recorder = CastRecorder(
        header: Asciicast(width: size.width, height: size.height, arguments: typed ?? []),
        clock: TapeClock(player: self),
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
    // The closing `Sleep` holds the last frame: the recording ends with an event at the tape's end.
    if recordsCast {
      recorder?.finish()
      result.castBytes = castBytes
    }
    result.finalScreen = currentScreen()
    result.shownMilliseconds = shownMilliseconds
    return result
  }

  // MARK: - Settings

  /// `Set Width` / `Set Height` before the first command (VHS ignores settings after it): the picture's pixels,
  /// and the screen is the cells that fit them, as VHS fits its terminal, unless a size was asked for.
  private func readSizeSettings() {
    guard let pixels = Self.pixelSize(commands) else { return }
    let written = "Set Width \(pixels.width), Height \(pixels.height)"
    if sizeIsExplicit {
      result.notes.append(
        "\(written): the pictures' pixels; the screen is the size asked for, \(size.width)x\(size.height)")
      return
    }
    guard let (columns, rows) = cellsForPixels?(pixels.width, pixels.height) else {
      result.notes.append("\(written): no font to measure cells with; the screen is \(size.width)x\(size.height)")
      return
    }
    size.width = min(columns, KeyScript.maximumSize.width)
    size.height = min(rows, KeyScript.maximumSize.height)
  }

  /// The pictures' size in pixels that `Set Width` / `Set Height` ask for before the first command (one alone
  /// takes VHS's default for the other), or `nil` when neither is set.
  public static func pixelSize(_ commands: [TapeCommand]) -> (width: Int, height: Int)? {
    var width: Int?
    var height: Int?
    for command in commands {
      guard command.action.isSetting else { break }
      if case .setWidth(let value) = command.action { width = value }
      if case .setHeight(let value) = command.action { height = value }
    }
    guard width != nil || height != nil else { return nil }
    return (width ?? defaultPixelSize.width, height ?? defaultPixelSize.height)
  }

  // MARK: - Commands

  private func perform(_ command: TapeCommand) throws(TapeError) {
    switch command.action {
    case .output(let path): noteOutput(path)
    case .setWidth, .setHeight:
      if begun { result.ignore("\(command.source) (after the first command)") }
    case .setWaitTimeout(let milliseconds): waitMilliseconds = milliseconds
    case .setWaitPattern(let pattern): waitPattern = pattern
    case .setTypingSpeed(let milliseconds): typingMilliseconds = milliseconds
    case .pictureSetting(let name, let value): result.pictureSettings.append((name, value, command))
    case .ignoredSetting(let name): result.ignore(name)
    case .env, .require: break  // the caller's, before the run
    case .copy(let text): clipboard = text
    case .paste: try type(clipboard, speed: nil, command)
    case .hide:
      hidden = true
      if hiddenSince == nil { hiddenSince = milliseconds }
    case .show:
      hidden = false
      if let since = hiddenSince { hiddenMilliseconds += milliseconds - since }
      hiddenSince = nil
      drew()
    case .screenshot(let path):
      if path.hasSuffix(".txt") {
        result.screenshots.append((path, currentScreen().text + "\n"))
      } else if path.hasSuffix(".ansi") {
        result.screenshots.append((path, currentScreen().ansiText + "\n"))
      } else if path.lowercased().hasSuffix(".png") {
        result.pictureScreenshots.append((path, currentScreen()))
      } else {
        result.notes.append("Screenshot \(path): only .txt, .ansi and .png are written here")
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
    case .type(let text, let speed): try type(text, speed: speed, command)
    case .key(let key, let count, let speed):
      for _ in 0..<count {
        try press(key.key.map(InputEvent.key), command)
        if quit { return }
        advance(by: speed ?? typingMilliseconds)
      }
    case .chord(let chord):
      for effect in chord.effects {
        switch effect {
        case .event(let event): try press(event, command)
        case .nothing: try press(nil, command)
        case .interrupt:
          // Ctrl+C is SIGINT in a terminal (Ctrl+\ SIGQUIT): the viewer ends, as it does on the signal; at the
          // prompt it clears the line.
          if run != nil {
            quit = true
            return
          }
          try press(.key(.control("c")), command)
        }
        if quit { return }
      }
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

  private func type(_ text: String, speed: Int?, _ command: TapeCommand) throws(TapeError) {
    for character in text {
      if character == "\n" || character == "\r\n" || character == "\r" {
        try press(.key(.enter), command)
      } else if character == "\t" {
        try press(nil, command)
      } else {
        try press(.key(.character(character)), command)
      }
      if quit { return }
      advance(by: speed ?? typingMilliseconds)
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
    } else if Self.pictureExtensions.contains(where: lowered.hasSuffix) {
      result.pictureOutputs.append(path)
    } else if path.hasSuffix("/") {
      result.frameFolders.append(path)
    } else {
      result.notes.append(
        "Output \(path): skipped (VHS makes videos; here .txt, .cast, .ansi, .gif, .webp, .png and frame folders)")
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

  /// The tape's time so far without its hidden stretches.
  fileprivate var shownMilliseconds: Int {
    milliseconds - hiddenMilliseconds - (hiddenSince.map { milliseconds - $0 } ?? 0)
  }

  public static let pictureExtensions = [".gif", ".webp", ".png"]

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
    guard !hidden, !quit else { return }
    if recorder == nil, !keepsScreens { return }
    let screen = currentScreen()
    recorder?.record(frame: screen)
    if keepsScreens {
      let time = shownMilliseconds
      if let last = result.screens.last, last.screen == screen { return }
      if let last = result.screens.last, last.milliseconds == time { result.screens.removeLast() }
      result.screens.append((time, screen))
    }
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

/// The recording's time: the prompt's, then the viewer's simulated clock, without the hidden stretches (VHS cuts
/// them), so the recording starts with the first frame shown.
private final class TapeClock: Clock {
  unowned let player: TapePlayer
  init(player: TapePlayer) { self.player = player }
  var milliseconds: Int { player.shownMilliseconds }
}
