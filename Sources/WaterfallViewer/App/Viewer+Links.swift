/// `x` and `y`: the ``Links`` part says what to do with the link of the item acted on.
extension Viewer {
  func openFocusedLink() { carryOut(Links.open(focus.actedOn.map { store.items[$0] })) }

  func copyFocusedLink() { carryOut(Links.copy(focus.actedOn.map { store.items[$0] })) }

  private func carryOut(_ outcome: Links.Outcome) {
    if let effect = outcome.effect { emit(effect) }
    state.notice = outcome.notice
  }
}
