import WaterfallKit

extension Viewer {
  /// Carries out a waterfall action (``InputMode/normal``): an action a part owns goes to it as its message; the
  /// root's own (quitting, Esc, the panels, refreshing) are carried out here.
  func perform(_ action: Action) {
    if Self.jumpingActions.contains(action) { recordJump() }
    if [.jumpBack, .jumpForward, .setMark, .goToMark].contains(action) { return perform(jumpListAction: action) }
    if let message = Browsing.Message(action) { return run(Browsing.update(message, in: surroundings)) }
    if let message = Jumps.Message(action) { return send(jumps: message) }
    if let message = Searching.Message(action) { return send(search: message) }
    if let purpose = Prompt.Purpose(action) { return openPrompt(purpose) }
    if let message = Organiser.Message(action, sections: options.groupBy ?? .shop) {
      return run(organiser.update(message).commands)
    }
    if let toggle = InspectorState.Toggle(action) { return run(inspector.update(toggle)) }
    if let move = InspectorState.LogMove(action) { return run(inspector.update(move)) }
    if let request = Picker.Request(action) {
      return run(state.picker.update(request, actedOn: focus.actedOn, store: store))
    }
    if let request = Links.Request(action) {
      return run(Links.update(request, item: focus.actedOn.map { store.items[$0] }))
    }
    if let message = Scrolling.Message(action, in: waterfall, now: state.now, stepping: inspector.isStepping) {
      return carryOut(state.scrolling.update(message))
    }
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
      // A kept search ends first (the focus stays on its match); the next Esc lets go of the focus.
      if searching.search != nil { return send(search: .ended) }
      // Let go of everything, so the selection no longer anchors resizes and column changes.
      state.keyboardFocus = nil
      waterfall.selectItem(at: nil)
    case .toggleHelp: state.panel.overlay = .help
    case .toggleStatistics: state.panel.overlay = .statistics
    case .toggleFacets:
      state.panel.overlay = .facets
      countFacets(afresh: true)
    case .toggleReuseLabels:
      state.showReuse.toggle()
      listenToLayoutPasses()
    case .refresh: waterfall.beginRefresh()
    case .retry:
      waterfall.retryLoadMore()
      send(jumps: .retry)
    default: break
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
