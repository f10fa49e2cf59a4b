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
  /// `Output` paths of pictures (`.gif`, `.webp`, `.png`) and `Screenshot FILE.png` paths with their screen.
  public var pictureOutputs: [String] = []
  public var pictureScreenshots: [(path: String, screen: Screen)] = []
  /// `Output frames/`: folders to write each shown frame into as a PNG, as VHS writes its frames.
  public var frameFolders: [String] = []
  /// Each distinct screen (kept for pictures) with its time in milliseconds of shown (not hidden) tape time.
  public var screens: [(milliseconds: Int, screen: Screen)] = []
  /// The tape's shown time: where a picture's last frame ends.
  public var shownMilliseconds = 0
  /// `Set FontSize 22`… in order, with the command (for a message about a bad value).
  public var pictureSettings: [(name: String, value: String, command: TapeCommand)] = []
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

/// A `Wait` that timed out: the run fails with the screen it was looking at.
public struct TapeFailure: Hashable, Sendable {
  public var command: TapeCommand
  public var message: String
  public var screen: String
}
