import WaterfallKit

/// The smallest terminal the viewer draws in.
public enum MinimumSize {
  public static let width = 24
  public static let height = 8

  /// What a screen smaller than that shows instead of the viewer: how small it is, and how to get out.
  static func drawTooSmall(size: GridSize, glyphs: Glyphs, quitKey: String = "q", into screen: inout Screen) {
    let need = "terminal too small: need at least \(width)\(glyphs.times)\(height)"
    let now = "\(quitKey) quits \(glyphs.dot) now \(size.width)\(glyphs.times)\(size.height)"
    // How to get out comes first: on the tiniest screen "q quits" stays and the explanation gives way.
    let quits = TextLayout.wrap(now, toWidth: screen.width, maximumLines: screen.height, ellipsis: glyphs.ellipsis)
    let room = screen.height - quits.count
    let explanation =
      room > 0 ? TextLayout.wrap(need, toWidth: screen.width, maximumLines: room, ellipsis: glyphs.ellipsis) : []
    let wrapped = explanation + quits
    let top = max(0, (screen.height - wrapped.count) / 2)
    for (offset, text) in wrapped.enumerated() {
      let x = max(0, (screen.width - DisplayWidth.of(text)) / 2)
      screen.put(text, x: x, y: top + offset, style: Palette.warning)
    }
  }
}
