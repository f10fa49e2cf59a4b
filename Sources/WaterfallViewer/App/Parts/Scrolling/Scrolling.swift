import WaterfallKit

/// Columns and scrolling: how far a page, half a page or a wheel notch goes (a row in step mode: a layout pass
/// each), the pull past the top that refreshes (held while the user pulls on, let go after a rest or at any other
/// key), and the column count `+`, `-` and `=` choose. It answers with what the engine must do; the root does it.
struct Scrolling: Hashable, Sendable {
  enum Message: Hashable {
    /// A scroll of `rows` from content row `offset` at `now`: one up past the top pulls.
    case scroll(rows: Int, offset: Int, now: Int)
    /// Time passed: a pull left `releaseAfter` ms lets go.
    case tick(now: Int, releaseAfter: Int)
    /// Any key but a further pull up, or a press: a pull lets go.
    case letGo
    /// `+` / `-`: `delta` columns more than the `current` ones, in a viewport `width` cells wide within `margins`.
    case changeColumns(delta: Int, current: Int, width: Int, margins: WaterfallMargins)
    /// `=`: as many as fit.
    case automaticColumns
  }

  enum Outcome: Hashable {
    /// The engine scrolls by this many rows, as the user's move.
    case scroll(rows: Int)
    /// The engine lets go of the pull (a pull far enough starts the refresh).
    case releasePull
    /// The columns chosen changed: the engine takes ``columnPolicy(_:)``; a notice when `+` went past what fits.
    case columns(notice: String?)
    case nothing
  }

  /// `+` stops at columns this narrow: a border each side and five cells of picture.
  static let narrowestColumn = 7

  /// The column count chosen with `+` / `-` (or `--columns`); `nil`: as many as fit.
  private(set) var columnOverride: Int?
  /// When the last pull past the top happened; the pull lets go after a rest.
  private(set) var lastPullTime: Int?

  init(columnOverride: Int?) { self.columnOverride = columnOverride }

  mutating func update(_ message: Message) -> Outcome {
    switch message {
    case .scroll(let rows, let offset, let now):
      if rows < 0, offset + rows < 0 { lastPullTime = now }
      return .scroll(rows: rows)
    case .tick(let now, let releaseAfter):
      guard let lastPullTime, now - lastPullTime >= releaseAfter else { return .nothing }
      return update(.letGo)
    case .letGo:
      guard lastPullTime != nil else { return .nothing }
      lastPullTime = nil
      return .releasePull
    case .changeColumns(let delta, let current, let width, let margins):
      let mostThatFit = ColumnPolicy.adaptive(minimumWidth: Self.narrowestColumn, maximumCount: .max)
        .columnCount(forWidth: width, margins: margins)
      var notice: String?
      if delta > 0, current >= mostThatFit {
        let columns = mostThatFit == 1 ? "1 column is" : "\(mostThatFit) columns is"
        notice = "\(columns) the most that fit in \(width) cells"
      }
      columnOverride = min(mostThatFit, max(1, current + delta))
      return .columns(notice: notice)
    case .automaticColumns:
      columnOverride = nil
      return .columns(notice: nil)
    }
  }

  /// The engine's column policy: the count chosen still gives way to what fits the current width, so a resize never
  /// leaves empty slivers.
  func columnPolicy(_ options: ViewerOptions) -> ColumnPolicy {
    if let columnOverride { return .adaptive(minimumWidth: Self.narrowestColumn, maximumCount: columnOverride) }
    return .adaptive(minimumWidth: options.minimumColumnWidth, maximumCount: options.maximumColumns)
  }

  /// The rows `action` scrolls in a viewport `height` rows tall (a page is the viewport less one row of context),
  /// a row in step mode; `nil` for an action that does not page.
  static func rows(for action: Action, viewportHeight height: Int, stepping: Bool) -> Int? {
    let page = max(1, height - 1)
    let rows: Int
    switch action {
    case .pageDown: rows = page
    case .pageUp: rows = -page
    case .halfPageDown: rows = max(1, page / 2)
    case .halfPageUp: rows = -max(1, page / 2)
    default: return nil
    }
    return stepping ? rows.signum() : rows
  }
}

extension Scrolling.Message {
  /// The waterfall's actions this part owns, over `waterfall` as it is at `now`: a page or half a page down or up
  /// (a row in `stepping` mode), and `+`, `-` and `=`.
  init?(_ action: Action, in waterfall: WaterfallView, now: Int, stepping: Bool) {
    let height = waterfall.viewportSize.height
    if let rows = Scrolling.rows(for: action, viewportHeight: height, stepping: stepping) {
      self = .scroll(rows: rows, offset: waterfall.contentOffset, now: now)
      return
    }
    switch action {
    case .moreColumns, .fewerColumns:
      self = .changeColumns(
        delta: action == .moreColumns ? 1 : -1, current: waterfall.columnCount, width: waterfall.viewportSize.width,
        margins: waterfall.margins)
    case .automaticColumns: self = .automaticColumns
    default: return nil
    }
  }
}
