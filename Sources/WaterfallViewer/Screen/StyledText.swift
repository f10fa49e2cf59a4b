extension Screen {
  /// The screen as text followed by its style runs, for snapshot tests that see colour and attributes: after
  /// the text, a line `--- styles`, then one line per run of equally styled cells that are not plain:
  /// `row 3, columns 1-22: fg cyan, bold`.
  public var styledText: String {
    var runs: [String] = []
    for y in 0..<height {
      var x = 0
      while x < width {
        let style = self[x, y].style
        var end = x
        while end + 1 < width, self[end + 1, y].style == style { end += 1 }
        if style != .plain { runs.append("row \(y), columns \(x)-\(end): \(style.summary)") }
        x = end + 1
      }
    }
    return text + "\n--- styles\n" + runs.joined(separator: "\n")
  }
}

extension Style {
  /// `fg cyan, bg yellow, bold, reverse`.
  var summary: String {
    var parts: [String] = []
    if foreground != .standard { parts.append("fg \(foreground)") }
    if background != .standard { parts.append("bg \(background)") }
    if attributes.contains(.bold) { parts.append("bold") }
    if attributes.contains(.dim) { parts.append("dim") }
    if attributes.contains(.italic) { parts.append("italic") }
    if attributes.contains(.underline) { parts.append("underline") }
    if attributes.contains(.reverse) { parts.append("reverse") }
    return parts.joined(separator: ", ")
  }
}
