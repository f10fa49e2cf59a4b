import WaterfallKit

extension Viewer {
  /// Carries out a waterfall action (``InputMode/normal``).
  func perform(_ action: Action) {
    switch action {
    case .quit:
      state.isQuitting = true
      emit(.quit)
    case .redrawAll: emit(.redrawAll)
    case .escape:
      let stopped = jumps.update(.escape, in: surroundings)
      if !stopped.isEmpty { return run(stopped) }
      // A chooser's Esc picks nothing and quits, as fzf's does.
      if options.picking != nil { return perform(.quit) }
      // Let go of everything, so the selection no longer anchors resizes and column changes.
      state.keyboardFocus = nil
      waterfall.selectItem(at: nil)
    case .toggleHelp: state.panel.overlay = .help
    case .toggleStatistics: state.panel.overlay = .statistics
    case .toggleReuseLabels:
      state.showReuse.toggle()
      listenToLayoutPasses()
    case .stepDown: run(Browsing.update(.step(down: true), in: surroundings))
    case .stepUp: run(Browsing.update(.step(down: false), in: surroundings))
    case .focusLeft: run(Browsing.update(.across(toRight: false), in: surroundings))
    case .focusRight: run(Browsing.update(.across(toRight: true), in: surroundings))
    case .pageDown, .pageUp, .halfPageDown, .halfPageUp:
      let height = waterfall.viewportSize.height
      scroll(by: Scrolling.rows(for: action, viewportHeight: height, stepping: inspector.isStepping) ?? 0)
    case .top: send(jumps: .goToTop)
    case .bottom: send(jumps: .goToEnd)
    case .activate: run(Browsing.update(.activate, in: surroundings))
    case .moreColumns, .fewerColumns:
      let delta = action == .moreColumns ? 1 : -1
      carryOut(
        state.scrolling.update(
          .changeColumns(
            delta: delta, current: waterfall.columnCount, width: waterfall.viewportSize.width,
            margins: waterfall.margins)))
    case .automaticColumns: carryOut(state.scrolling.update(.automaticColumns))
    case .refresh: waterfall.beginRefresh()
    case .retry:
      waterfall.retryLoadMore()
      send(jumps: .retry)
    case .goToItem: openPrompt(.goToItem)
    case .search: openPrompt(.search)
    case .filter: openPrompt(.filter)
    case .nextMatch: send(search: .step(forward: true))
    case .previousMatch: send(search: .step(forward: false))
    case .cycleSort: organise(.cycleSort)
    case .toggleSections: organise(.toggleSections(options.groupBy ?? .shop))
    case .openLink: run(Links.open(focus.actedOn.map { store.items[$0] }).commands)
    case .copyLink: run(Links.copy(focus.actedOn.map { store.items[$0] }).commands)
    case .toggleInspector: toggleInspector()
    case .toggleStepMode: toggleStepMode()
    case .toggleMark: pick(.toggleMark)
    case .acceptPicks: pick(.accept)
    }
  }

  func scroll(by rows: Int) {
    carryOut(state.scrolling.update(.scroll(rows: rows, offset: waterfall.contentOffset, now: state.now)))
  }

  func carryOut(_ outcome: Scrolling.Outcome) {
    switch outcome {
    case .scroll(let rows): waterfall.userScroll(byRows: rows)
    case .releasePull: waterfall.releasePull()
    case .columns(let notice):
      if let notice { state.notice = notice }
      waterfall.setColumnPolicy(state.scrolling.columnPolicy(options), anchor: focus.keyboardOnScreen)
    case .nothing: break
    }
  }

  /// Puts the keyboard on box `index` and scrolls the least that shows it.
  func focusBox(_ index: Int) {
    state.keyboardFocus = index
    reveal(index)
  }

  /// Puts the keyboard on box `index` (the box at the top of the view, say), scrolling up to its top when it begins
  /// above the view: a focused box is never left with its top out of sight.
  func focusShowingTop(_ index: Int?) {
    state.keyboardFocus = index
    if let index, waterfall.layout.frame(of: index).y < waterfall.contentOffset { reveal(index) }
  }

  /// Scrolls the least that shows item `index`, as a user's move, so that reaching the footer this way loads
  /// more too.
  func reveal(_ index: Int) {
    let target = waterfall.offset(revealing: index, at: .visible)
    if target != waterfall.contentOffset { waterfall.userScroll(toOffset: target) }
  }
}
