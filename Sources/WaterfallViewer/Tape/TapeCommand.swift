/// Where a command or a problem is in a tape: 1-based line and column (in characters).
public struct TapeLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) { (self.line, self.column) = (line, column) }

  public var description: String { "\(line):\(column)" }
}

/// A key a tape presses by name (`Enter`, `Down 3`, `PageUp`…).
public enum TapeKey: String, Hashable, Sendable, CaseIterable {
  case enter = "Enter", escape = "Escape", backspace = "Backspace", tab = "Tab", space = "Space"
  case up = "Up", down = "Down", left = "Left", right = "Right"
  case pageUp = "PageUp", pageDown = "PageDown", home = "Home", end = "End"
  case delete = "Delete", insert = "Insert"

  /// What the viewer receives; `nil` for keys a terminal sends but the viewer binds to nothing (Delete,
  /// Insert), which still take their step.
  public var key: Key? {
    switch self {
    case .enter: .enter
    case .escape: .escape
    case .backspace: .backspace
    case .space: .character(" ")
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home: .home
    case .end: .end
    case .tab: .tab
    case .delete, .insert: nil
    }
  }
}

/// One command of a tape (a VHS-compatible script), as written.
public struct TapeCommand: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    /// `Output FILE`: where the run goes (`.txt`, `.ascii`, `.cast`, `.ansi`, `.gif`, `.webp`, `.png`; VHS's
    /// videos are skipped).
    case output(path: String)
    /// `Set Width N` / `Set Height N`: the pictures' pixels, as in VHS; the screen's cells follow from them.
    case setWidth(Int), setHeight(Int)
    /// `Set WaitTimeout`, `Set WaitPattern`.
    case setWaitTimeout(milliseconds: Int)
    case setWaitPattern(String)
    /// `Set TypingSpeed`: the time after each typed character and each key (VHS's default 50 ms).
    case setTypingSpeed(milliseconds: Int)
    /// A setting of how the tape's pictures are drawn (`FontSize`, `Theme`, `Framerate`…), with its value as
    /// written (a unit joined on: `20%`).
    case pictureSetting(String, value: String)
    /// A setting that only changes VHS's shell or its font's spacing (`Shell`, `LetterSpacing`): accepted, named
    /// once as ignored.
    case ignoredSetting(String)
    /// `Env NAME "value"`: set before the viewer starts, as VHS sets it before its shell.
    case env(name: String, value: String)
    /// `Require program`: the run stops unless the program is on the `PATH`.
    case require(program: String)
    /// `Copy "text"` puts text on the tape's own clipboard; `Paste` types it.
    case copy(String)
    case paste
    /// `Type "text"`; with `@time`, the clock moves that much after each character.
    case type(String, perCharacterMilliseconds: Int?)
    /// `Enter`, `Down 3`, `PageUp@200ms 2`…
    case key(TapeKey, count: Int, perKeyMilliseconds: Int?)
    /// `Ctrl+X`, `Ctrl+Alt+Left`, `Alt+.`, `Shift+Tab`: keys pressed with modifiers held; the viewer gets what a
    /// terminal sends for them (``TapeChord/events``), which for most is nothing.
    case chord(TapeChord)
    case sleep(milliseconds: Int)
    /// `Wait /regex/` (some line of the screen matches) or `Wait+Screen /regex/` (the whole screen, lines joined
    /// by newlines); no pattern: the `WaitPattern` setting. No timeout: the `WaitTimeout` setting.
    case wait(WaitScope, pattern: String?, timeoutMilliseconds: Int?)
    /// `WaitSettled`: until nothing is loading and no picture is pending.
    case waitSettled(timeoutMilliseconds: Int?)
    case screenshot(path: String)
    case hide, show
    /// `Click X Y` (0-based column and row).
    case click(x: Int, y: Int)
    /// `Wheel Up|Down X Y`; VHS's `ScrollUp` / `ScrollDown` (no position) scroll at the middle of the screen.
    case wheel(up: Bool, x: Int?, y: Int?, count: Int)
    /// `Resize WxH` (cells).
    case resize(width: Int, height: Int)
  }

  public enum WaitScope: Hashable, Sendable {
    case line, screen
  }

  public var action: Action
  public var location: TapeLocation
  /// The command as written, for messages and golden-file diffs: `Down 3`.
  public var source: String

  public init(_ action: Action, at location: TapeLocation, source: String) {
    (self.action, self.location, self.source) = (action, location, source)
  }
}

/// Keys pressed with modifiers held, as VHS's `Ctrl+…`, `Alt+…` and `Shift+…` write them.
public struct TapeChord: Hashable, Sendable {
  public enum Modifier: String, Hashable, Sendable { case ctrl = "Ctrl", alt = "Alt", shift = "Shift" }

  public var modifiers: [Modifier]
  /// The keys typed in turn with the modifiers held: a character (`C`, `.`, `[`) or a key's name (`Left`, `Tab`).
  public var keys: [String]

  public init(_ modifiers: [Modifier], _ keys: [String]) { (self.modifiers, self.keys) = (modifiers, keys) }
}
