import WaterfallKit

/// The mouse: the wheel scrolls the open panel, else the waterfall; a press closes the open panel, else opens the
/// box under it (the engine selects it) or retries the footer's failed load. It answers with the move; the root
/// carries it out.
enum Mouse {
  enum Outcome: Hashable {
    case scrollPanel(rows: Int)
    case scroll(rows: Int)
    case closePanel
    /// The box pressed (a layout index): focus it and open its detail.
    case open(Int)
    case retryFooter
    case nothing
  }

  /// What the root carries out for `outcome`; `stepping`: in step mode a notch scrolls one row (a layout pass).
  static func commands(_ outcome: Outcome, stepping: Bool) -> [Command] {
    switch outcome {
    case .scrollPanel(let rows): [.scrollPanel(rows)]
    case .scroll(let rows): [.scrollRows(stepping ? rows.signum() : rows)]
    case .closePanel: [.closePanel]
    case .open(let index): [.keyboardFocus(index), .openDetail(index)]
    case .retryFooter: [.retryLoadMore]
    case .nothing: []
    }
  }

  /// Rows the wheel scrolls per notch.
  static let wheelRows = 3

  /// A mouse event over the waterfall; `panelOpen` and `promptOpen` say what stands over it.
  static func update(_ mouse: MouseEvent, panelOpen: Bool, promptOpen: Bool, waterfall: WaterfallView) -> Outcome {
    let rows = mouse.kind == .wheelUp ? -wheelRows : wheelRows
    guard mouse.kind == .press else { return panelOpen ? .scrollPanel(rows: rows) : .scroll(rows: rows) }
    if panelOpen { return .closePanel }
    guard !promptOpen, mouse.y < waterfall.viewportSize.height else { return .nothing }
    let point = waterfall.contentPoint(fromViewport: GridPoint(x: mouse.x, y: mouse.y))
    switch waterfall.selectItem(atContentPoint: point) {
    case .item(let index): return .open(index)
    case .footer: return .retryFooter
    default: return .nothing
    }
  }
}
