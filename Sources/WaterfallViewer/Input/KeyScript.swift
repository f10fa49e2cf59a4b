import WaterfallKit

/// One step of a snapshot key script.
public enum ScriptStep: Hashable, Sendable {
  case event(InputEvent)
  /// Advance the simulated clock by this many milliseconds.
  case wait(Int)
}

/// A token the key script does not understand.
public struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  public var token: String
  public var reason: String

  /// Sanitised whole: the reason may quote part of the token (a command's name), which may hold anything.
  public var description: String {
    "bad key token \"\(TextSanitizer.sanitize(token))\": \(TextSanitizer.sanitize(reason))"
  }
}

/// Parses snapshot key scripts: whitespace-separated tokens (split by scalar), each a single character; a key name
/// (Up Down Left Right PageUp PageDown Home End Enter Escape Space Backspace Tab); `C-x` or `Ctrl-x` for Ctrl-x;
/// `click:X,Y`, `wheelup:X,Y`, `wheeldown:X,Y` (0-based column and row); `resize:WxH`; or `wait:MS`.
public enum KeyScript {
  static let namedKeys: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right, "pageup": .pageUp, "pagedown": .pageDown,
    "home": .home, "end": .end, "enter": .enter, "escape": .escape, "esc": .escape, "space": .character(" "),
    "backspace": .backspace, "tab": .tab,
  ]

  public static func parse(_ script: String) throws(KeyScriptError) -> [ScriptStep] {
    var steps: [ScriptStep] = []
    for token in tokens(of: script) {
      steps.append(try parseToken(token))
    }
    return steps
  }

  /// The runs of non-whitespace scalars. Split by scalar, not by Character: a space followed by a combining mark
  /// is one Character that starts with whitespace, and splitting by Characters would swallow the mark into the
  /// separator; here the space separates and the mark is a key of its own, as it is after a tab or a newline.
  static func tokens(of script: String) -> [String] {
    script.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map {
      String(String.UnicodeScalarView($0))
    }
  }

  /// The key a token names (one character, a key name, `C-x`), as in a script; for key bindings.
  public static func key(named token: String) throws(KeyScriptError) -> Key {
    guard case .event(.key(let key)) = try parseToken(token) else {
      throw KeyScriptError(token: token, reason: "not a key: use one character, a key name, or C-x")
    }
    return key
  }

  static func parseToken(_ token: String) throws(KeyScriptError) -> ScriptStep {
    if token.count == 1, let character = token.first { return .event(.key(.character(character))) }
    if let key = namedKeys[token.lowercased()] { return .event(.key(key)) }
    // `Ctrl-D` too: it is how the help and `Key.label` write the key.
    if let prefix = ["c-", "ctrl-"].first(where: token.lowercased().hasPrefix) {
      let letter = token.dropFirst(prefix.count).lowercased()
      guard letter.count == 1, let character = letter.first, character.isASCII, character.isLetter else {
        throw KeyScriptError(token: token, reason: "C- takes one letter, as in C-d")
      }
      return .event(.key(.control(character)))
    }
    guard let colon = token.firstIndex(of: ":") else {
      throw KeyScriptError(token: token, reason: "not a key: use one character, a key name, C-x, or a command")
    }
    let name = token[..<colon].lowercased()
    let argument = String(token[token.index(after: colon)...])
    switch name {
    case "click", "wheelup", "wheeldown":
      let (x, y) = try pair(argument, separator: ",", token: token, form: "\(name):X,Y")
      let kind: MouseEvent.Kind = name == "click" ? .press : name == "wheelup" ? .wheelUp : .wheelDown
      return .event(.mouse(MouseEvent(kind: kind, x: x, y: y)))
    case "resize":
      let size = try parseSize(argument, token: token)
      return .event(.resize(width: size.width, height: size.height))
    case "wait":
      guard let milliseconds = Int(argument), milliseconds >= 0 else {
        throw KeyScriptError(token: token, reason: "wait takes milliseconds, as in wait:1500")
      }
      guard milliseconds <= maximumWait else {
        throw KeyScriptError(token: token, reason: "wait takes at most \(maximumWait) milliseconds (a day)")
      }
      return .wait(milliseconds)
    default:
      throw KeyScriptError(token: token, reason: "unknown command \"\(name)\"")
    }
  }

  /// The longest `wait:`: a day, as `--latency` is capped; far beyond any script, and safe to add to a clock.
  public static let maximumWait = 86_400_000

  /// The largest screen a snapshot or a `resize:` step may ask for: far beyond any real terminal, yet small enough
  /// that the in-memory screen stays a few megabytes (100000x100000 would need 240 GB).
  public static let maximumSize = GridSize(width: 2000, height: 1000)

  /// A screen size written `WIDTHxHEIGHT`, both positive and at most ``maximumSize``.
  public static func parseSize(_ text: String, token: String? = nil) throws(KeyScriptError) -> GridSize {
    let token = token ?? text
    let (width, height) = try pair(text.lowercased(), separator: "x", token: token, form: "WIDTHxHEIGHT")
    guard width > 0, height > 0 else { throw KeyScriptError(token: token, reason: "the size must be positive") }
    guard width <= maximumSize.width, height <= maximumSize.height else {
      throw KeyScriptError(
        token: token, reason: "the size must be at most \(maximumSize.width)x\(maximumSize.height)")
    }
    return GridSize(width: width, height: height)
  }

  private static func pair(
    _ text: String, separator: Character, token: String, form: String
  ) throws(KeyScriptError) -> (Int, Int) {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]), first >= 0, second >= 0 else {
      throw KeyScriptError(token: token, reason: "expected \(form) with whole numbers")
    }
    return (first, second)
  }
}
