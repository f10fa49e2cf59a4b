import Pictures

/// How pictures reach the terminal: in real pixels through one of three protocols, or as symbols in cells.
public enum GraphicsProtocol: String, CaseIterable, Hashable, Sendable {
  case kitty
  case sixel
  case iterm2
  case symbols
}

/// What `--graphics` asks for: a protocol, or `auto` (what the terminal answers it has).
public enum GraphicsChoice: String, CaseIterable, Hashable, Sendable {
  case auto
  case kitty
  case sixel
  case iterm2
  case symbols
}

/// The protocol to use and the cell size in pixels it draws at.
public struct GraphicsSetup: Hashable, Sendable {
  public var graphics: GraphicsProtocol
  public var cellPixels: CellPixelSize
  /// Inside tmux with passthrough allowed: the pane's top left corner on the terminal, for the kitty commands
  /// wrapped for tmux to hand on.
  public var tmuxPane: TmuxPane?

  public struct TmuxPane: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) { (self.x, self.y) = (x, y) }
  }

  public init(graphics: GraphicsProtocol, cellPixels: CellPixelSize, tmuxPane: TmuxPane? = nil) {
    self.graphics = graphics
    self.cellPixels = cellPixels
    self.tmuxPane = tmuxPane
  }

  /// Chooses from the answers, the environment and `--graphics`. Pure. `windowCellPixels`: the cell size from
  /// `TIOCGWINSZ`'s pixel fields, the second source after the terminal's own answer; a 1:2 guess comes last.
  /// Inside tmux (`TMUX` set), pixels are kitty's through passthrough when the pane allows it (`tmuxPane`: where
  /// the pane is, or `nil` when passthrough is off), else symbols: sixel and iTerm2 pictures live in the
  /// terminal's cells, which tmux redraws as it pleases.
  public static func choose(
    _ choice: GraphicsChoice, replies: TerminalReplies, environment: [String: String],
    windowCellPixels: CellPixelSize?, tmuxPane: TmuxPane?
  ) -> GraphicsSetup {
    let cellPixels = sane(replies.cellPixels) ?? sane(windowCellPixels) ?? CellPixelSize(width: 8, height: 16)
    let inTmux = !(environment["TMUX"] ?? "").isEmpty
    let graphics: GraphicsProtocol
    switch choice {
    case .auto: graphics = detected(replies: replies, environment: environment)
    case .kitty: graphics = .kitty
    case .sixel: graphics = .sixel
    case .iterm2: graphics = .iterm2
    case .symbols: graphics = .symbols
    }
    guard inTmux else { return GraphicsSetup(graphics: graphics, cellPixels: cellPixels) }
    guard graphics == .kitty, let tmuxPane else { return GraphicsSetup(graphics: .symbols, cellPixels: cellPixels) }
    return GraphicsSetup(graphics: .kitty, cellPixels: cellPixels, tmuxPane: tmuxPane)
  }

  /// Cell sizes taken from a terminal: anything outside is a wrong report (a window's size for a cell's, a
  /// terminal filling the fields in with nonsense), and would size every picture by it.
  static let saneCellWidths = 2...100
  static let saneCellHeights = 4...200

  /// `size` when it is a sane cell size, else `nil`.
  static func sane(_ size: CellPixelSize?) -> CellPixelSize? {
    guard let size, saneCellWidths.contains(size.width), saneCellHeights.contains(size.height) else { return nil }
    return size
  }

  /// What the terminal can really do. Some answer the kitty query but draw no placements (the terminal tables of
  /// chafa, yazi and timg list them): those go by what they really support.
  static func detected(replies: TerminalReplies, environment: [String: String]) -> GraphicsProtocol {
    let name = (replies.version ?? "").lowercased()
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    let kittyLiar = Self.kittyLiars.contains { name.hasPrefix($0) || program.hasPrefix($0) }
    if replies.kittyGraphics == true && !kittyLiar { return .kitty }
    if program == "iterm.app" || name.hasPrefix("iterm2") { return .iterm2 }
    if replies.sixel { return .sixel }
    if program == "wezterm" || name.hasPrefix("wezterm") { return .iterm2 }
    return .symbols
  }

  /// Terminals that answer the kitty graphics query OK without drawing its placements as kitty does: Konsole
  /// (partial: no source rectangles, no placement ids before 22.04) and WezTerm (slow and partial kitty support;
  /// its iTerm2 and sixel support are complete).
  static let kittyLiars = ["konsole", "wezterm"]
}
