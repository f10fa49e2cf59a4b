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
      if stopLoadingToMatch() || stopLoadingToPlace() || stopMeasuring() { return }
      // A chooser's Esc picks nothing and quits, as fzf's does.
      if options.picking != nil { return perform(.quit) }
      // Let go of everything, so the selection no longer anchors resizes and column changes.
      state.focusedIndex = nil
      waterfall.selectItem(at: nil)
    case .toggleHelp: state.overlay = .help
    case .toggleStatistics: state.overlay = .statistics
    case .toggleReuseLabels:
      state.showReuse.toggle()
      listenToLayoutPasses()
    case .stepDown: step(down: true)
    case .stepUp: step(down: false)
    case .focusLeft: moveFocusAcross(toRight: false)
    case .focusRight: moveFocusAcross(toRight: true)
    case .pageDown: scroll(by: stepRows(pageRows))
    case .pageUp: scroll(by: stepRows(-pageRows))
    case .halfPageDown: scroll(by: stepRows(max(1, pageRows / 2)))
    case .halfPageUp: scroll(by: stepRows(-max(1, pageRows / 2)))
    case .top: goToTop()
    case .bottom: goToEnd()
    case .activate: activateFocus()
    case .moreColumns: changeColumns(by: 1)
    case .fewerColumns: changeColumns(by: -1)
    case .automaticColumns: setColumnOverride(nil)
    case .refresh: waterfall.beginRefresh()
    case .retry:
      waterfall.retryLoadMore()
      retryFarPages()
    case .goToItem: openPrompt(.goToItem)
    case .search: openPrompt(.search)
    case .filter: openPrompt(.filter)
    case .nextMatch: stepMatch(forward: true)
    case .previousMatch: stepMatch(forward: false)
    case .cycleSort: cycleSort()
    case .toggleSections: toggleSections()
    case .openLink: openFocusedLink()
    case .copyLink: copyFocusedLink()
    case .toggleInspector: toggleInspector()
    case .toggleStepMode: toggleStepMode()
    case .toggleMark: toggleMark()
    case .acceptPicks: acceptPicks()
    }
  }

  /// In step mode a page, half a page or a wheel notch is one row: one layout pass.
  func stepRows(_ rows: Int) -> Int { inspector.isStepping ? rows.signum() : rows }

  /// A page is the viewport less one row, so one row of context stays on screen.
  var pageRows: Int { max(1, waterfall.viewportSize.height - 1) }

  func scroll(by rows: Int) {
    if rows < 0, waterfall.contentOffset + rows < 0 { state.lastPullTime = state.now }
    waterfall.userScroll(byRows: rows)
  }

  /// ↓ / ↑: with a focused box on screen, move to the next box of its column; otherwise scroll one row.
  private func step(down: Bool) {
    guard let focus = visibleFocus else { return scroll(by: down ? 1 : -1) }
    let layout = waterfall.layout
    guard let next = down ? layout.itemBelow(focus) : layout.itemAbove(focus) else {
      // The end of the column: keep scrolling, so the footer (or the pull) can be reached.
      return scroll(by: down ? 1 : -1)
    }
    state.focusedIndex = next
    reveal(next)
  }

  /// ← / →: focus the box in the neighbouring column that overlaps the focused one most.
  private func moveFocusAcross(toRight: Bool) {
    guard let focus = visibleFocus else {
      state.focusedIndex = waterfall.placeAnchor()
      return
    }
    let layout = waterfall.layout
    let column = layout.column(of: focus) + (toRight ? 1 : -1)
    guard column >= 0, column < layout.columnCount else { return }
    let frame = layout.frame(of: focus)
    let candidates = layout.items(
      intersecting: GridRect(x: layout.columnX(column), y: frame.y, width: layout.columnWidth, height: frame.height))
    let target =
      candidates.max { overlap($0, frame) < overlap($1, frame) }
      ?? layout.items(inColumn: column).last
    guard let target else { return }
    state.focusedIndex = target
    reveal(target)
  }

  private func overlap(_ index: Int, _ frame: GridRect) -> Int {
    let other = waterfall.layout.frame(of: index)
    return min(other.maxY, frame.maxY) - max(other.y, frame.y)
  }

  /// Enter: select the focused box and show its detail, scrolling it into view first when it was scrolled away;
  /// with nothing focused, focus the box at the top.
  private func activateFocus() {
    guard let focus = state.focusedIndex, focus < waterfall.itemCount else {
      state.focusedIndex = waterfall.placeAnchor()
      return
    }
    if visibleFocus == nil { reveal(focus) }
    waterfall.selectItem(at: focus)
    state.overlay = .detail(focus)
  }

  /// Scrolls the least that shows item `index`, as a user's move, so that reaching the footer this way loads
  /// more too.
  func reveal(_ index: Int) {
    let target = waterfall.offset(revealing: index, at: .visible)
    if target != waterfall.contentOffset { waterfall.userScroll(toOffset: target) }
  }

  private func changeColumns(by delta: Int) {
    let mostThatFit = ColumnPolicy.adaptive(minimumWidth: Self.narrowestColumn, maximumCount: .max)
      .columnCount(forWidth: waterfall.viewportSize.width, margins: waterfall.margins)
    if delta > 0, waterfall.columnCount >= mostThatFit {
      let columns = mostThatFit == 1 ? "1 column is" : "\(mostThatFit) columns is"
      state.notice = "\(columns) the most that fit in \(waterfall.viewportSize.width) cells"
    }
    setColumnOverride(min(mostThatFit, max(1, waterfall.columnCount + delta)))
  }

  private func setColumnOverride(_ count: Int?) {
    state.columnOverride = count
    waterfall.setColumnPolicy(columnPolicy, anchor: visibleFocus)
  }
}
