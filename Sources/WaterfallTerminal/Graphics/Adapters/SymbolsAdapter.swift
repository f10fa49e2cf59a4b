/// Symbols: the mosaic of chafa's symbols (or plain text with `--ascii`) that the viewer draws into the picture
/// cells of every frame (`PictureRenderer` in `Pictures`). Detection: every terminal, when nothing better
/// answers. Encoding, placement and erasing are the screen's own: curses writes the cells and overwrites them like
/// any text, so there is no painter, and tmux carries them as it carries text. The other adapters fall back to
/// these cells wherever they do not draw (under a panel, in `snapshot`).
struct SymbolsAdapter: GraphicsAdapter {
  var graphics: GraphicsProtocol { .symbols }
  var insideTmux: TmuxCrossing { .asText }
  var deflatesPixels: Bool { false }

  func detect(_ replies: TerminalReplies, environment: [String: String]) -> GraphicsDetection { .fallback }

  func painter(for setup: GraphicsSetup) -> (any PixelPainter)? { nil }
}
