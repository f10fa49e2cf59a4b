extension Viewer {
  /// Carries out an action while a panel is open (the ``PanelState`` part's, on the panel as laid out now).
  func perform(overlayAction action: Action) {
    let panel = overlayPanel
    // `&` from the facet panel edits the filter its choices made: the prompt opens holding it.
    let editsChoices = state.panel.overlay == .facets && action == .filter
    let outcome = state.panel.update(action, visibleRows: panel.visibleRows, maximumScroll: panel.maximumScroll)
    if case .passOn(let action) = outcome { perform(action) }
    if editsChoices, state.promptLine.prompt?.purpose == .filter, !state.filterOrigin.isEmpty {
      state.promptLine.fill(state.filterOrigin)
      previewFilter(state.filterOrigin)
    }
  }

  func scrollOverlay(by rows: Int) {
    state.panel.scroll(by: rows, maximumScroll: overlayPanel.maximumScroll)
  }
}
