import ShopCatalog

/// The chooser's keys on the item acted on, answered as the root's commands.
extension Picker {
  enum Request {
    /// Tab: marks the item acted on (focusing it: the box at the top of the view when none is), or unmarks it.
    case toggleMark
    /// Enter: picks the marked items in dataset order, or the item acted on when none is marked, and quits.
    case accept
  }

  /// `actedOn`: the layout index of the item acted on (``Focus/actedOn``), in `store`. Nothing without `--pick`.
  mutating func update(_ request: Request, actedOn: Int?, store: ItemStore) -> [Command] {
    guard isChoosing else { return [] }
    switch request {
    case .toggleMark:
      let focus: [Command] = actedOn.map { [.focusShowingTop($0)] } ?? []
      return focus + commands(update(.toggleMark(actedOn.map { store.ids[$0] }, actedOn.map { store.items[$0] })))
    case .accept: return commands(update(.accept(actedOn.map { store.items[$0] })))
    }
  }

  private func commands(_ outcome: Outcome) -> [Command] {
    switch outcome {
    case .done: []
    case .notice(let text): [.notice(text)]
    case .quit: [.quit]
    }
  }
}

extension Picker.Request {
  /// The waterfall's actions this part owns: Tab and Enter (a chooser's).
  init?(_ action: Action) {
    switch action {
    case .toggleMark: self = .toggleMark
    case .acceptPicks: self = .accept
    default: return nil
    }
  }
}
