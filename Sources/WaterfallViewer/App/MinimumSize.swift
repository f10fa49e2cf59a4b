import WaterfallKit

/// The smallest terminal the viewer draws in.
public enum MinimumSize {
  public static let width = 24
  public static let height = 8

  /// What a screen smaller than that shows instead of the viewer: how to get out, the size it needs, and how
  /// small it is.
  static func drawTooSmall(size: GridSize, glyphs: Glyphs, quitKey: String = "q", into screen: inout Screen) {
    // How to get out comes first: on the tiniest screen "q quits" stays and the explanation gives way.
    let quits = TextLayout.wrap(
      "\(quitKey) quits", toWidth: screen.width, maximumLines: screen.height, ellipsis: glyphs.ellipsis)
    let explanation = self.explanation(
      size: size, glyphs: glyphs, width: screen.width, lines: screen.height - quits.count)
    let wrapped = explanation + quits
    let top = max(0, (screen.height - wrapped.count) / 2)
    for (offset, text) in wrapped.enumerated() {
      let x = max(0, (screen.width - DisplayWidth.of(text)) / 2)
      screen.put(text, x: x, y: top + offset, style: Palette.warning)
    }
  }

  /// "terminal too small: needs at least 24×8, this is 20×4" in `lines` lines of `width`, phrases whole. The size
  /// needed is what stays: the rest gives way phrase by phrase rather than cutting it off the end.
  static func explanation(size: GridSize, glyphs: Glyphs, width: Int, lines: Int) -> [String] {
    guard lines > 0 else { return [] }
    let needed = "\(Self.width)\(glyphs.times)\(Self.height)"
    let now = "this is \(size.width)\(glyphs.times)\(size.height)"
    let shorter: [[String]] = [
      ["terminal too small:", "needs at least \(needed),", now], ["needs at least \(needed),", now],
      ["needs \(needed),", now], ["needs at least \(needed)"], ["needs \(needed)"], [needed],
    ]
    for phrases in shorter {
      if let packed = pack(phrases, width: width), packed.count <= lines { return packed }
    }
    return TextLayout.wrap(needed, toWidth: width, maximumLines: lines, ellipsis: glyphs.ellipsis)
  }

  /// The phrases on as few lines of `width` as they fit on, each whole; nil when one is wider than a line.
  private static func pack(_ phrases: [String], width: Int) -> [String]? {
    var lines: [String] = []
    for phrase in phrases {
      guard DisplayWidth.of(phrase) <= width else { return nil }
      if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(phrase) <= width {
        lines[lines.count - 1] = last + " " + phrase
      } else {
        lines.append(phrase)
      }
    }
    return lines
  }
}
