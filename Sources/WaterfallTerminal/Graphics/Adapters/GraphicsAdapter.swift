/// One way pictures reach the terminal (yazi's adapters): what in the terminal's answers says it can, whether its
/// pictures get through tmux, and the painter that encodes, places and erases them. ``GraphicsChooser`` lists the
/// adapters and chooses among them; a new protocol is a case of ``GraphicsProtocol`` and its adapter here.
protocol GraphicsAdapter: Sendable {
  /// Its name, as `--graphics` takes it.
  var graphics: GraphicsProtocol { get }
  /// What the terminal's answers to ``GraphicsQueries`` and the environment say of this protocol. Under `auto`
  /// the strongest answer among the adapters wins.
  func detect(_ replies: TerminalReplies, environment: [String: String]) -> GraphicsDetection
  /// Whether its pictures get through tmux, which answers the queries itself and redraws the cells its way.
  var insideTmux: TmuxCrossing { get }
  /// Whether the drawing thread should deflate each picture for it (its encoding sends them deflated).
  var deflatesPixels: Bool { get }
  /// Encodes, places and erases the pictures beside curses, at `setup`'s cell size (and tmux pane). `nil`: the
  /// pictures are the screen's own cells, which curses writes and erases as text.
  func painter(for setup: GraphicsSetup) -> (any PixelPainter)?
}

/// What the terminal's answers say of one protocol, weakest first: under `auto` the strongest wins.
enum GraphicsDetection: Int, Comparable, Sendable {
  /// Nothing says it can.
  case no
  /// Every terminal can (symbols are text): chosen when nothing else is.
  case fallback
  /// A terminal known by name to draw it, which also has a better protocol when it says so (WezTerm's iTerm2
  /// images come after its sixel).
  case knownTerminal
  /// The terminal lists it among its attributes (DA1's 4: sixel).
  case listed
  /// The terminal is the protocol's own (iTerm2).
  case ownTerminal
  /// The protocol's own query was answered OK by a terminal that draws as it says (kitty).
  case answered

  static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

/// How an adapter's pictures fare inside tmux.
enum TmuxCrossing: Sendable {
  /// Text in the cells: tmux carries them like any text.
  case asText
  /// Through passthrough (`allow-passthrough`), placed at the pane's corner: pixels outside the cells, which
  /// tmux's redraws leave alone.
  case throughPassthrough
  /// Not at all: pixels in the terminal's cells, which tmux redraws as it pleases.
  case never
}

extension GraphicsProtocol {
  /// This protocol's adapter.
  var adapter: any GraphicsAdapter {
    switch self {
    case .kitty: KittyAdapter()
    case .sixel: SixelAdapter()
    case .iterm2: ITerm2Adapter()
    case .symbols: SymbolsAdapter()
    }
  }
}
