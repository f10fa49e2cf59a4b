extension Viewer {
  /// Carries out an action while a panel is open (the ``PanelState`` part's, on the panel as laid out now).
  func perform(overlayAction action: Action) {
    let panel = overlayPanel
    let outcome = state.panel.update(action, visibleRows: panel.visibleRows, maximumScroll: panel.maximumScroll)
    if case .passOn(let action) = outcome { perform(action) }
  }

  func scrollOverlay(by rows: Int) {
    state.panel.scroll(by: rows, maximumScroll: overlayPanel.maximumScroll)
  }
}
