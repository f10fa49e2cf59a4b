/// The panel over the waterfall (help, statistics, an item's detail) and how far it is scrolled. While it is open,
/// keys scroll, switch or close it; nothing moves behind it.
public struct PanelState: Hashable, Sendable {
  /// What a key did.
  public enum Outcome: Hashable, Sendable {
    case handled
    /// Not the panel's: the viewer carries it out as over the waterfall (quit, repaint).
    case passOn(Action)
  }

  public var overlay: Overlay? {
    didSet { if overlay != oldValue { scroll = 0 } }
  }
  /// The first body line the open panel shows; each panel opens at its top.
  public internal(set) var scroll = 0

  public init() {}

  /// Carries out `action` on the panel as it is laid out now: `visibleRows` of its body show, and it scrolls at
  /// most `maximumScroll` lines.
  mutating func update(_ action: Action, visibleRows: Int, maximumScroll: Int) -> Outcome {
    let page = max(1, visibleRows - 1)
    switch action {
    case .quit, .redrawAll: return .passOn(action)
    // What the facet panel points to (`& narrows`): the panel closes and the key does what it does.
    case .filter, .search, .cycleSort, .toggleSections:
      overlay = nil
      return .passOn(action)
    case .escape: overlay = nil
    case .toggleHelp: overlay = overlay == .help ? nil : .help
    case .toggleStatistics: overlay = overlay == .statistics ? nil : .statistics
    case .toggleFacets: overlay = overlay == .facets ? nil : .facets
    case .stepDown: scroll(by: 1, maximumScroll: maximumScroll)
    case .stepUp: scroll(by: -1, maximumScroll: maximumScroll)
    case .pageDown: scroll(by: page, maximumScroll: maximumScroll)
    case .pageUp: scroll(by: -page, maximumScroll: maximumScroll)
    case .top: scroll = 0
    case .bottom: scroll = maximumScroll
    default: break
    }
    return .handled
  }

  /// Scrolls the body by `rows` (the wheel, the arrows), within `0...maximumScroll`.
  mutating func scroll(by rows: Int, maximumScroll: Int) {
    scroll = min(max(0, scroll + rows), maximumScroll)
  }
}
