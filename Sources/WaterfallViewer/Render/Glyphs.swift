/// The characters the front end draws with: Unicode box drawing, or plain ASCII when the locale is not UTF-8 or
/// with `--ascii`.
public struct Glyphs: Sendable {
  public struct Border: Sendable {
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character
    public var horizontal: Character
    public var vertical: Character
  }

  public var plain: Border
  /// The focused box.
  public var focused: Border
  /// The selected box.
  public var selected: Border
  /// Placeholder shades for the image area, lightest first.
  public var shades: [Character]
  public var spinner: [String]
  public var ellipsis: String
  public var separator: String
  public var arrowDown: String
  public var arrowUp: String
  public var arrowLeft: String
  public var arrowRight: String
  public var dash: String
  public var dot: String
  public var times: String
  /// Where a picture cannot be shown.
  public var failureMark: String
  /// In the corner of an item marked for picking (`--pick`).
  public var pickMark: String
  /// The arrow keys as the help names them: arrows, or words in ASCII, where `v j / ^ k` reads as the `v` key.
  public var downKey: String
  public var upKey: String
  public var leftKey: String
  public var rightKey: String
  /// The facet panel's bars.
  public var bar: String

  public static let unicode = Glyphs(
    plain: Border(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│"),
    focused: Border(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃"),
    selected: Border(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║"),
    shades: ["░", "▒", "▓"],
    spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
    ellipsis: "…", separator: "│", arrowDown: "↓", arrowUp: "↑", arrowLeft: "←", arrowRight: "→", dash: "—",
    dot: "·", times: "×", failureMark: "✕", pickMark: "✓", downKey: "↓", upKey: "↑", leftKey: "←", rightKey: "→",
    bar: "█")

  public static let ascii = Glyphs(
    plain: Border(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|"),
    focused: Border(topLeft: "*", topRight: "*", bottomLeft: "*", bottomRight: "*", horizontal: "~", vertical: "!"),
    selected: Border(topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=", vertical: "#"),
    shades: [".", ":", "%"],
    spinner: ["|", "/", "-", "\\"],
    ellipsis: "~", separator: "|", arrowDown: "v", arrowUp: "^", arrowLeft: "<", arrowRight: ">", dash: "-",
    dot: "-", times: "x", failureMark: "x", pickMark: "@", downKey: "Down", upKey: "Up", leftKey: "Left",
    rightKey: "Right", bar: "#")
}

extension Glyphs {
  /// The spinner's frame at `now` (the app's milliseconds): a frame every 100 ms.
  func spinnerFrame(at now: Int) -> String { spinner[(now / 100) % spinner.count] }
}
