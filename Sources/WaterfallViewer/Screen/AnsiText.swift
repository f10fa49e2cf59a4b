extension Screen {
  /// The screen as text with SGR colour and attribute sequences, one line a row, each row starting plain and
  /// ending with a reset: what `waterfall snapshot --ansi` prints, for a terminal or a picture of one. (The
  /// text itself is the screen's, sanitised when it was put there.)
  public var ansiText: String {
    (0..<height).map { y in
      var line = ""
      var current = Style.plain
      for x in 0..<width {
        let cell = self[x, y]
        guard let character = cell.character else { continue }
        if cell.style != current {
          line += "\u{1B}[" + cell.style.sgrParameters + "m"
          current = cell.style
        }
        line.append(character)
      }
      return line + "\u{1B}[0m"
    }.joined(separator: "\n")
  }
}

extension Style {
  /// SGR parameters that set this style from scratch: `0;1;38;5;196`.
  public var sgrParameters: String {
    var parameters = ["0"]
    if attributes.contains(.bold) { parameters.append("1") }
    if attributes.contains(.dim) { parameters.append("2") }
    if attributes.contains(.italic) { parameters.append("3") }
    if attributes.contains(.underline) { parameters.append("4") }
    if attributes.contains(.reverse) { parameters.append("7") }
    parameters += foreground.sgrParameters(base: 30)
    parameters += background.sgrParameters(base: 40)
    return parameters.joined(separator: ";")
  }
}

extension TerminalColor {
  /// SGR parameters that change to this colour alone: as ``sgrParameters(base:)``, the terminal's own colour
  /// being 39 or 49 (there is no reset to lean on).
  func sgrChangeParameters(base: Int) -> String {
    self == .standard ? "\(base + 9)" : sgrParameters(base: base).joined(separator: ";")
  }

  /// `base` is 30 for the foreground, 40 for the background.
  fileprivate func sgrParameters(base: Int) -> [String] {
    switch self {
    case .standard: []
    case .palette(let index): ["\(base + 8)", "5", "\(index)"]
    case .rgb(let red, let green, let blue): ["\(base + 8)", "2", "\(red)", "\(green)", "\(blue)"]
    default: paletteIndex.map { ["\(base + $0)"] } ?? []
    }
  }
}
