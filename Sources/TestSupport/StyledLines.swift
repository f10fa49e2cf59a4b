/// Lines of text and SGR sequences (tmux's `capture-pane -e`, `waterfall snapshot --ansi`) read as styled
/// clusters by a reader of its own, that shares nothing with the project's emulator: the oracle screens are
/// compared with. Each line's style goes on from the line before it, as tmux writes them.
public enum StyledLines {
  public enum Color: Hashable, Sendable, CustomStringConvertible {
    /// The terminal's own colour.
    case standard
    /// A palette entry: the eight basic colours are 0-7, as a terminal draws `31` and `38;5;1` alike.
    case indexed(Int)
    case rgb(Int, Int, Int)

    public var description: String {
      switch self {
      case .standard: "default"
      case .indexed(let index): "\(index)"
      case .rgb(let red, let green, let blue): "rgb(\(red),\(green),\(blue))"
      }
    }
  }

  public struct Style: Hashable, Sendable, CustomStringConvertible {
    public var foreground = Color.standard
    public var background = Color.standard
    public var bold = false, dim = false, italic = false, underline = false, reverse = false
    public init() {}

    public var description: String {
      let flags = [(bold, "bold"), (dim, "dim"), (italic, "italic"), (underline, "underline"), (reverse, "reverse")]
      return (["fg \(foreground)", "bg \(background)"] + flags.filter(\.0).map(\.1)).joined(separator: " ")
    }
  }

  public struct Cluster: Hashable, Sendable, CustomStringConvertible {
    public var text: Character
    public var style: Style
    public init(text: Character, style: Style) { (self.text, self.style) = (text, style) }
    public var description: String { "\(String(text).debugDescription) \(style)" }
  }

  public static func parse(_ lines: [String]) -> [[Cluster]] {
    var style = Style()
    return lines.map { line in
      var clusters: [Cluster] = []
      var rest = Substring(line)
      while let first = rest.first {
        if first == "\u{1B}", rest.dropFirst().first == "[", let end = rest.firstIndex(of: "m") {
          let parameters = rest[rest.index(rest.startIndex, offsetBy: 2)..<end]
          apply(parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }, to: &style)
          rest = rest[rest.index(after: end)...]
        } else {
          clusters.append(Cluster(text: first, style: style))
          rest = rest.dropFirst()
        }
      }
      return clusters
    }
  }

  /// SGR as xterm reads it: 0, attributes on and off, 30-37/90-97 and 40-47/100-107, 38;5;N and 38;2;R;G;B
  /// (and 48), 39 and 49.
  public static func apply(_ numbers: [Int], to style: inout Style) {
    var index = 0
    func extended() -> Color {
      let rest = Array(numbers[(index + 1)...]) + [0, 0, 0, 0]
      index += rest[0] == 5 ? 2 : 4
      return rest[0] == 5 ? .indexed(rest[1]) : .rgb(rest[1], rest[2], rest[3])
    }
    while index < numbers.count {
      let number = numbers[index]
      switch number {
      case 0: style = Style()
      case 1: style.bold = true
      case 2: style.dim = true
      case 3: style.italic = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 22: (style.bold, style.dim) = (false, false)
      case 23: style.italic = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 30...37: style.foreground = .indexed(number - 30)
      case 38: style.foreground = extended()
      case 39: style.foreground = .standard
      case 40...47: style.background = .indexed(number - 40)
      case 48: style.background = extended()
      case 49: style.background = .standard
      case 90...97: style.foreground = .indexed(number - 90 + 8)
      case 100...107: style.background = .indexed(number - 100 + 8)
      default: break
      }
      index += 1
    }
  }
}
