import WaterfallKit

/// A recording's screens over time, read back from its output events: the subset of a terminal this program's
/// recordings use (`TerminalFrameEncoder`: clear, cursor position, SGR colours and attributes, text), so
/// `waterfall render` can draw a recording made with `--record`. Other sequences and control characters are
/// skipped (a recording is untrusted: nothing here reaches a terminal, and nothing can move outside the screen).
/// Pure.
public enum CastScreens {
  /// Each output or resize event's screen, with its time in milliseconds; the last event's time is where the
  /// recording ends.
  public static func screens(_ cast: Asciicast) -> (screens: [(milliseconds: Int, screen: Screen)], end: Int) {
    var terminal = Terminal(
      width: min(max(1, cast.width), KeyScript.maximumSize.width),
      height: min(max(1, cast.height), KeyScript.maximumSize.height))
    var screens: [(milliseconds: Int, screen: Screen)] = []
    var end = 0
    for event in cast.events {
      let milliseconds = Int((max(0, event.time) * 1000).rounded())
      end = max(end, milliseconds)
      switch event.kind {
      case .output: terminal.feed(event.data)
      case .resize:
        let parts = event.data.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { continue }
        terminal.resize(
          width: min(max(1, parts[0]), KeyScript.maximumSize.width),
          height: min(max(1, parts[1]), KeyScript.maximumSize.height))
      default: continue
      }
      if let last = screens.last, last.milliseconds == milliseconds { screens.removeLast() }
      screens.append((milliseconds, terminal.screen))
    }
    return (screens, end)
  }

  private struct Terminal {
    var screen: Screen
    var row = 0
    var column = 0
    var style = Style.plain

    init(width: Int, height: Int) { screen = Screen(width: width, height: height) }

    mutating func resize(width: Int, height: Int) {
      var resized = Screen(width: width, height: height)
      for y in 0..<min(height, screen.height) {
        for x in 0..<min(width, screen.width) {
          let cell = screen[x, y]
          if let character = cell.character, !cell.isContinuation {
            resized.put(String(character), x: x, y: y, style: cell.style)
          }
        }
      }
      screen = resized
      (row, column) = (min(row, height - 1), min(column, width - 1))
    }

    mutating func feed(_ data: String) {
      var characters = data[...]
      while let first = characters.first {
        characters.removeFirst()
        if first == "\u{1B}" {
          if let kind = characters.first, ["]", "_", "P", "^", "X"].contains(kind) {
            // A string (a title, a picture in kitty's or sixel's protocol): skipped to its BEL or ESC \.
            while let next = characters.first, next != "\u{07}", next != "\u{1B}" { characters.removeFirst() }
            if characters.first == "\u{07}" { characters.removeFirst() }
            if characters.first == "\u{1B}", characters.dropFirst().first == "\\" { characters.removeFirst(2) }
            continue
          }
          guard characters.first == "[" else { continue }
          characters.removeFirst()
          var parameters = ""
          while let next = characters.first, next.isASCII, next.isNumber || next == ";" {
            parameters.append(next)
            characters.removeFirst()
          }
          guard let final = characters.first else { return }
          characters.removeFirst()
          control(final, parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
        } else if first.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
          guard row < screen.height, column < screen.width else { continue }
          column = screen.put(String(first), x: column, y: row, style: style)
        }
      }
    }

    private mutating func control(_ final: Character, _ numbers: [Int]) {
      switch final {
      case "H":
        row = min(max(1, numbers.first ?? 1), screen.height) - 1
        column = min(max(1, numbers.count > 1 ? numbers[1] : 1), screen.width) - 1
      case "J" where numbers.first == 2: screen.clear()
      case "m": select(numbers)
      default: break
      }
    }

    /// `38;5;N` or `38;2;R;G;B` from `numbers[at]`: the colour and how many numbers after `at` it took.
    private static func extendedColor(_ numbers: [Int], after at: Int) -> (TerminalColor?, Int) {
      guard at + 1 < numbers.count else { return (nil, 0) }
      if numbers[at + 1] == 5, at + 2 < numbers.count { return (.palette(UInt8(clamping: numbers[at + 2])), 2) }
      if numbers[at + 1] == 2, at + 4 < numbers.count {
        let color = TerminalColor.rgb(
          UInt8(clamping: numbers[at + 2]), UInt8(clamping: numbers[at + 3]), UInt8(clamping: numbers[at + 4]))
        return (color, 4)
      }
      return (nil, 0)
    }

    /// SGR: reset, bold, dim, reverse, the basic colours, 256 and direct colour, the defaults.
    private mutating func select(_ numbers: [Int]) {
      var index = 0
      let basic: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
      while index < numbers.count {
        let number = numbers[index]
        switch number {
        case 0: style = .plain
        case 1: style.attributes.insert(.bold)
        case 2: style.attributes.insert(.dim)
        case 7: style.attributes.insert(.reverse)
        case 22: style.attributes.subtract([.bold, .dim])
        case 27: style.attributes.remove(.reverse)
        case 30...37: style.foreground = basic[number - 30]
        case 39: style.foreground = .standard
        case 40...47: style.background = basic[number - 40]
        case 49: style.background = .standard
        case 38, 48:
          let (value, used) = Self.extendedColor(numbers, after: index)
          if let value {
            if number == 38 { style.foreground = value } else { style.background = value }
          }
          index += used
        default: break
        }
        index += 1
      }
    }
  }
}
