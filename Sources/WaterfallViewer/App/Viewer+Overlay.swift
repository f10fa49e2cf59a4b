extension Viewer {
  /// Carries out an action while a panel is open: it scrolls, switches or closes; nothing moves behind it.
  func perform(overlayAction action: Action) {
    let page = max(1, overlayPanel.visibleRows - 1)
    switch action {
    case .quit, .redrawAll: perform(action)
    case .escape: state.overlay = nil
    case .toggleHelp: state.overlay = state.overlay == .help ? nil : .help
    case .toggleStatistics: state.overlay = state.overlay == .statistics ? nil : .statistics
    case .stepDown: scrollOverlay(by: 1)
    case .stepUp: scrollOverlay(by: -1)
    case .pageDown: scrollOverlay(by: page)
    case .pageUp: scrollOverlay(by: -page)
    case .top: state.overlayScroll = 0
    case .bottom: state.overlayScroll = overlayPanel.maximumScroll
    default: break
    }
  }

  func scrollOverlay(by rows: Int) {
    state.overlayScroll = min(max(0, state.overlayScroll + rows), overlayPanel.maximumScroll)
  }
}
