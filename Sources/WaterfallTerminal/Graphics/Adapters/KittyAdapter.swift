/// The kitty graphics protocol. Detection: the kitty query (``GraphicsQueries``) answered OK, by a terminal that
/// places as kitty does; inside tmux, the terminal outside it named kitty. Encoding: ``KittyTransmission`` (each
/// picture once, deflated, in chunks). Placement and erasing: ``KittyPainter`` (placements by source rectangle
/// over the cells, deleted by image; through passthrough inside tmux).
struct KittyAdapter: GraphicsAdapter {
  var graphics: GraphicsProtocol { .kitty }
  var insideTmux: TmuxCrossing { .throughPassthrough }
  var deflatesPixels: Bool { true }

  func detect(_ replies: TerminalReplies, environment: [String: String]) -> GraphicsDetection {
    let name = (replies.version ?? "").lowercased()
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    let liar = Self.liars.contains { name.hasPrefix($0) || program.hasPrefix($0) }
    return replies.kittyGraphics == true && !liar ? .answered : .no
  }

  func painter(for setup: GraphicsSetup) -> (any PixelPainter)? {
    KittyPainter(tmuxPane: setup.tmuxPane.map { ($0.x, $0.y) })
  }

  /// Terminals that answer the kitty graphics query OK without drawing its placements as kitty does (the terminal
  /// tables of chafa, yazi and timg list them): Konsole (partial: no source rectangles, no placement ids before
  /// 22.04) and WezTerm (slow and partial kitty support; its iTerm2 and sixel support are complete).
  static let liars = ["konsole", "wezterm"]

  /// Inside tmux, which answers the queries itself: whether the terminal outside, by the name tmux learnt of it
  /// (`#{client_termname} #{client_termtype}`), is kitty.
  static func isKitty(tmuxClient: String) -> Bool { tmuxClient.lowercased().contains("kitty") }
}
