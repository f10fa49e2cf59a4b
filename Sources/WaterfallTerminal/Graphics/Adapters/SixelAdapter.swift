import Pictures

/// Sixel. Detection: DA1's answer lists attribute 4. Encoding: `SixelEncoder` (libchafa's sixel canvas, one DCS
/// string per visible slice, in `Pictures`). Placement and erasing: ``CellImagePainter`` (the pixels live in the
/// cells: drawn after the text, erased with ECH where a picture leaves), so never inside tmux.
struct SixelAdapter: GraphicsAdapter {
  var graphics: GraphicsProtocol { .sixel }
  var insideTmux: TmuxCrossing { .never }
  var deflatesPixels: Bool { false }

  func detect(_ replies: TerminalReplies, environment: [String: String]) -> GraphicsDetection {
    replies.sixel ? .listed : .no
  }

  func painter(for setup: GraphicsSetup) -> (any PixelPainter)? {
    CellImagePainter(cellPixels: setup.cellPixels, encode: SixelEncoder.encode)
  }
}
