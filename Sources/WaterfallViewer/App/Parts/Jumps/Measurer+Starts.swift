import ShopCatalog

/// When `G` and a far jump measure the result: the root says what it knows (``Situation``), the part answers what
/// starts.
extension Measurer {
  /// What the root knows when `G` or a far jump wants the whole result laid out: whether it may be measured now
  /// (measuring allowed, not laid out whole yet, no new query on its way to replace the items), the query shown,
  /// whether it has sections (which are not measured), and a stretch's rows.
  struct Situation: Hashable {
    var measurable: Bool
    var query: CatalogueQuery
    var sections: Bool
    var stretchRows: Int
  }

  /// What `G` starts, beside scrolling to the end.
  enum EndStart: Hashable {
    /// It was measuring for a jump: now for the end (the root drops the jump).
    case redirected
    /// Measure the result: the first stretch's request.
    case measure(Effect)
    /// Sections: every page loads, one after another, to the end.
    case loadEverySection
    /// Nothing: measured already, measuring to the end, a query on its way, no items, or the last page is in.
    case stays
  }

  /// `G` with `itemCount` items loaded; `exhausted` when the last page is in.
  mutating func goToEnd(_ situation: Situation, itemCount: Int, exhausted: Bool) -> EndStart {
    if let measuring, measuring.destination != .end {
      redirect(to: .end)
      return .redirected
    }
    guard situation.measurable, measuring == nil, itemCount > 0, !exhausted else { return .stays }
    if situation.sections { return .loadEverySection }
    return .measure(start(to: .end, query: situation.query, stretchRows: situation.stretchRows))
  }

  /// A rank beyond the loaded items is wanted: the whole result is measured and laid out, so the jump is one layout
  /// pass, not a page round-trip per page before it. `measures` off when the source cannot measure this result (a
  /// feed, sections), which then loads page by page; `effect`, the first stretch's request when one starts.
  mutating func measureForJump(_ situation: Situation) -> (measures: Bool, effect: Effect?) {
    if measuring != nil { return (true, nil) }
    guard situation.measurable, !situation.sections, unmeasurableQuery != situation.query else { return (false, nil) }
    return (true, start(to: .jump, query: situation.query, stretchRows: situation.stretchRows))
  }

  /// Esc while measuring: the cancel to send, and what the status bar says.
  mutating func stop() -> (effect: Effect, notice: String)? {
    guard let (effect, stopped) = cancel() else { return nil }
    let total = stopped.total.map(String.init) ?? "?"
    return (effect, "stopped measuring at \(stopped.displayItems.count) of \(total)")
  }
}
