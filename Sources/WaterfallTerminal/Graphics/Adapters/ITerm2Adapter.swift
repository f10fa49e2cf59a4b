import Foundation
import Pictures

/// iTerm2's inline images (OSC 1337). Detection: iTerm2 itself (`TERM_PROGRAM` or XTVERSION), or WezTerm, which
/// draws them in full, when it does not list sixel. Encoding: ``encode(_:rows:cellPixels:)``. Placement and
/// erasing: ``CellImagePainter`` (the pixels live in the cells), so never inside tmux.
struct ITerm2Adapter: GraphicsAdapter {
  var graphics: GraphicsProtocol { .iterm2 }
  var insideTmux: TmuxCrossing { .never }
  var deflatesPixels: Bool { false }

  func detect(_ replies: TerminalReplies, environment: [String: String]) -> GraphicsDetection {
    let name = (replies.version ?? "").lowercased()
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    if program == "iterm.app" || name.hasPrefix("iterm2") { return .ownTerminal }
    if program == "wezterm" || name.hasPrefix("wezterm") { return .knownTerminal }
    return .no
  }

  func painter(for setup: GraphicsSetup) -> (any PixelPainter)? {
    CellImagePainter(cellPixels: setup.cellPixels, encode: Self.encode)
  }

  /// Rows `rows` of `picture` as a PNG stretched over their cells, the cursor left where it was.
  static func encode(_ picture: PixelPicture, rows: Range<Int>, cellPixels: CellPixelSize) -> [UInt8] {
    let rowHeight = cellPixels.height
    let top = min(picture.height, rows.lowerBound * rowHeight)
    let height = min(picture.height - top, rows.count * rowHeight)
    guard height > 0 else { return [] }
    let start = top * picture.width * 4
    let png = PNGEncoder.encode(
      width: picture.width, height: height, rgba: picture.pixels[start..<start + height * picture.width * 4])
    let columns = max(1, picture.width / max(1, cellPixels.width))
    let header =
      "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows.count);preserveAspectRatio=0;doNotMoveCursor=1:"
    return Array(header.utf8) + Array(Data(png).base64EncodedString().utf8) + [0x07]
  }
}
