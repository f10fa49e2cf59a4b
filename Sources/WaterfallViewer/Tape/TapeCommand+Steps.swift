extension TapeCommand.Action {
  /// A setting, an output or a requirement: read before the run, not a step of it.
  public var isSetting: Bool {
    switch self {
    case .output, .setWidth, .setHeight, .setWaitTimeout, .setWaitPattern, .setTypingSpeed, .pictureSetting,
      .ignoredSetting, .env, .require:
      true
    default: false
    }
  }

  /// Commands that change nothing the viewer sees, so skipping them after a quit is no news.
  var isPassive: Bool {
    switch self {
    case .sleep, .wait, .waitSettled, .hide, .show, .screenshot, .copy: true
    default: isSetting
    }
  }

  /// VHS writes a `.txt` frame after every command it runs while recording (settings and `Hide` are not run then).
  var drawsFrame: Bool { !isSetting && self != .hide }
}

/// What one key of a chord does to the viewer.
public enum TapeKeyEffect: Hashable, Sendable {
  case event(InputEvent)
  /// The terminal sends bytes the viewer binds to nothing (Alt's Esc prefix, Ctrl+Space's NUL, Shift+Tab).
  case nothing
  /// The terminal turns the key into a signal that ends the viewer (Ctrl+C, Ctrl+\).
  case interrupt
}

extension TapeChord {
  /// Each key's effect, as xterm sends the chord and the terminal's input decoder reads it (a test holds the two
  /// together): Alt puts an Esc before the key, which the viewer reads as no key at all; Ctrl makes a letter its control code (Ctrl+H is
  /// Backspace, Ctrl+I Tab, Ctrl+M Enter, Ctrl+[ Escape) and leaves arrows arrows; Shift makes a letter capital.
  public var effects: [TapeKeyEffect] {
    keys.map { key in
      // An arrow with modifiers is still the arrow, its modifiers a parameter (CSI 1;5D is Ctrl+Left).
      if let arrow = Self.arrows[key] { return .event(.key(arrow)) }
      if modifiers.contains(.alt) { return .nothing }
      if modifiers.contains(.ctrl) { return Self.control(key) }
      if modifiers.contains(.shift) { return Self.shifted(key) }
      return Self.named[key].map { .event(.key($0)) } ?? key.first.map { .event(.key(.character($0))) } ?? .nothing
    }
  }

  private static let arrows: [String: Key] = ["Left": .left, "Right": .right, "Up": .up, "Down": .down]

  private static let named: [String: Key] = [
    "Enter": .enter, "Tab": .tab, "Backspace": .backspace, "Left": .left, "Right": .right, "Up": .up,
    "Down": .down,
  ]

  private static func control(_ key: String) -> TapeKeyEffect {
    if let named = named[key], key != "Tab" { return .event(.key(named)) }
    guard key.count == 1, let character = key.first else { return .nothing }
    if character.isASCII, character.isLetter {
      switch character.lowercased() {
      case "c": return .interrupt
      case "h": return .event(.key(.backspace))
      case "i": return .event(.key(.tab))
      case "j", "m": return .event(.key(.enter))
      case let letter: return .event(.key(.control(Character(letter))))
      }
    }
    switch character {
    case "[": return .event(.key(.escape))
    case "\\": return .interrupt  // SIGQUIT
    case "@", "-", "]", "^", "/", " ": return .nothing  // NUL and the codes 0x1C–0x1F
    default: return .event(.key(.character(character)))
    }
  }

  /// US keyboard shifts for the characters a tape may hold with Shift.
  private static let shiftedCharacters: [Character: Character] = [
    "[": "{", "]": "}", "\\": "|", ";": ":", "'": "\"", ",": "<", ".": ">", "/": "?", "-": "_", "=": "+",
    "`": "~", "1": "!", "2": "@", "3": "#", "4": "$", "5": "%", "6": "^", "7": "&", "8": "*", "9": "(", "0": ")",
  ]

  private static func shifted(_ key: String) -> TapeKeyEffect {
    if key == "Tab" { return .nothing }  // CSI Z, bound to nothing
    if let named = named[key] { return .event(.key(named)) }
    guard key.count == 1, let character = key.first else { return .nothing }
    let shifted = shiftedCharacters[character] ?? Character(character.uppercased())
    return .event(.key(.character(shifted)))
  }
}
