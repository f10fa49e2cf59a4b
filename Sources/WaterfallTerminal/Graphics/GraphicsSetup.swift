import Pictures

/// How pictures reach the terminal: in real pixels through one of three protocols, or as symbols in cells. Each
/// has its adapter (``adapter``, in `Adapters/`).
public enum GraphicsProtocol: String, CaseIterable, Hashable, Sendable {
  case kitty
  case sixel
  case iterm2
  case symbols
}

/// What `--graphics` asks for: `auto` (what the terminal answers it has), or a protocol by its name. Made from
/// ``GraphicsProtocol``'s cases, so `--graphics` offers every protocol there is.
public enum GraphicsChoice: Hashable, Sendable {
  case auto
  case named(GraphicsProtocol)
}

extension GraphicsChoice: CaseIterable, RawRepresentable {
  public static var allCases: [Self] { [.auto] + GraphicsProtocol.allCases.map(Self.named) }

  public init?(rawValue: String) {
    guard rawValue != "auto" else {
      self = .auto
      return
    }
    guard let graphics = GraphicsProtocol(rawValue: rawValue) else { return nil }
    self = .named(graphics)
  }

  public var rawValue: String {
    switch self {
    case .auto: "auto"
    case .named(let graphics): graphics.rawValue
    }
  }
}

/// The protocol to use and the cell size in pixels it draws at (``GraphicsChooser`` makes it).
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

    /// From tmux's `#{pane_left} #{pane_top}`; `nil` when it is not two numbers (tmux did not say).
    init?(corner: String) {
      let numbers = corner.split(separator: " ")
      guard numbers.count == 2, let x = Int(numbers[0]), let y = Int(numbers[1]) else { return nil }
      (self.x, self.y) = (x, y)
    }
  }

  public init(graphics: GraphicsProtocol, cellPixels: CellPixelSize, tmuxPane: TmuxPane? = nil) {
    self.graphics = graphics
    self.cellPixels = cellPixels
    self.tmuxPane = tmuxPane
  }

  /// Whether the drawing thread deflates each picture for the protocol (kitty sends them deflated; the others
  /// never pay for it).
  public var deflatesPixels: Bool { graphics.adapter.deflatesPixels }

  /// Cell sizes taken from a terminal: anything outside is a wrong report (a window's size for a cell's, a
  /// terminal filling the fields in with nonsense), and would size every picture by it.
  static let saneCellWidths = 2...100
  static let saneCellHeights = 4...200

  /// `size` when it is a sane cell size, else `nil`.
  static func sane(_ size: CellPixelSize?) -> CellPixelSize? {
    guard let size, saneCellWidths.contains(size.width), saneCellHeights.contains(size.height) else { return nil }
    return size
  }
}
