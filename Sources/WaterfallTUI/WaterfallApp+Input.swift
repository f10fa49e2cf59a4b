import WaterfallKit

extension WaterfallApp {
  /// Rows the mouse wheel scrolls per notch.
  static let wheelRows = 3

  /// Applies one input event.
  public func handle(_ event: InputEvent) {
    defer { startRequestedPages() }
    switch event {
    case .resize(let width, let height):
      resize(to: GridSize(width: width, height: height))
    case .key(let key):
      notice = nil
      handle(key)
    case .mouse(let mouse):
      handle(mouse)
    }
  }

  private func handle(_ key: Key) {
    if key == .character("q") {
      isQuitting = true
      return
    }
    if key == .control("l") {
      redrawRequested = true
      return
    }
    if key == .character("!"), options.crashKeyEnabled { fatalError("crash forced with ! (WATERFALL_CRASH_KEY)") }
    if isTooSmall { return }
    // An open overlay takes every key, so nothing moves behind it.
    if overlay != .none { return handleOverlayKey(key) }
    // Only moving further up keeps a pull going; anything else lets go of it.
    let continuesPull = key == .up || key == .character("k")
    if !continuesPull, lastPullTime != nil { releasePull() }

    switch key {
    case .escape:
      if overlay != .none {
        overlay = .none
      } else {
        // Let go of everything, so the selection no longer anchors resizes and column changes.
        focusedIndex = nil
        view.selectItem(at: nil)
      }
    case .character("?"): overlay = overlay == .help ? .none : .help
    case .character("s"): overlay = overlay == .statistics ? .none : .statistics
    case .character("v"): showReuse.toggle()
    case .down, .character("j"): step(down: true)
    case .up, .character("k"): step(down: false)
    case .left, .character("h"): moveFocusAcross(toRight: false)
    case .right, .character("l"): moveFocusAcross(toRight: true)
    case .pageDown, .character(" "): scroll(by: pageRows)
    case .pageUp, .character("b"): scroll(by: -pageRows)
    case .control("d"): scroll(by: max(1, pageRows / 2))
    case .control("u"): scroll(by: -max(1, pageRows / 2))
    case .home, .character("g"): view.userScroll(toOffset: 0)
    // At least one row of intent, so End at the bottom still asks for the next page.
    case .end, .character("G"): scroll(by: max(1, view.maximumOffset - view.contentOffset))
    case .enter: activateFocus()
    case .character("+"): changeColumns(by: 1)
    case .character("-"): changeColumns(by: -1)
    case .character("="): resetColumns()
    case .character("r"): view.beginRefresh()
    case .character("R"): view.retryLoadMore()
    default: break
    }
  }

  private func handle(_ mouse: MouseEvent) {
    if isTooSmall { return }
    if overlay != .none, mouse.kind != .press {
      return scrollOverlay(by: mouse.kind == .wheelUp ? -Self.wheelRows : Self.wheelRows)
    }
    switch mouse.kind {
    case .wheelUp: scroll(by: -Self.wheelRows)
    case .wheelDown: scroll(by: Self.wheelRows)
    case .press:
      if lastPullTime != nil { releasePull() }
      if overlay != .none {
        overlay = .none
        return
      }
      guard mouse.y < view.viewportSize.height else { return }
      let point = view.contentPoint(fromViewport: GridPoint(x: mouse.x, y: mouse.y))
      switch view.selectItem(atContentPoint: point) {
      case .item(let index):
        focusedIndex = index
        overlay = .detail(index)
      case .footer:
        view.retryLoadMore()
      default:
        break
      }
    }
  }

  /// Keys while an overlay is open: they scroll it, switch it or close it. `q` still quits (handled before).
  private func handleOverlayKey(_ key: Key) {
    let page = max(1, overlayGeometry.visibleRows - 1)
    switch key {
    case .escape, .enter: overlay = .none
    case .character("?"): overlay = overlay == .help ? .none : .help
    case .character("s"): overlay = overlay == .statistics ? .none : .statistics
    case .down, .character("j"): scrollOverlay(by: 1)
    case .up, .character("k"): scrollOverlay(by: -1)
    case .pageDown, .character(" "), .control("d"): scrollOverlay(by: page)
    case .pageUp, .character("b"), .control("u"): scrollOverlay(by: -page)
    case .home, .character("g"): overlayScroll = 0
    case .end, .character("G"): overlayScroll = overlayGeometry.maximumScroll
    default: break
    }
  }

  private func scrollOverlay(by rows: Int) {
    overlayScroll = min(max(0, overlayScroll + rows), overlayGeometry.maximumScroll)
  }

  /// A page is the viewport less one row, so one row of context stays on screen.
  var pageRows: Int { max(1, view.viewportSize.height - 1) }

  private func scroll(by rows: Int) {
    if rows < 0, view.contentOffset + rows < 0 { lastPullTime = now }
    view.userScroll(byRows: rows)
  }

  /// ↓ / ↑: with a focused box on screen, move to the next box of its column; otherwise scroll one row.
  private func step(down: Bool) {
    guard let focus = visibleFocus else { return scroll(by: down ? 1 : -1) }
    let layout = view.layout
    guard let next = down ? layout.itemBelow(focus) : layout.itemAbove(focus) else {
      // The end of the column: keep scrolling, so the footer (or the pull) can be reached.
      return scroll(by: down ? 1 : -1)
    }
    focusedIndex = next
    reveal(next)
  }

  /// ← / →: focus the box in the neighbouring column that overlaps the focused one most.
  private func moveFocusAcross(toRight: Bool) {
    guard let focus = visibleFocus else {
      focusedIndex = view.placeAnchor()
      return
    }
    let layout = view.layout
    let column = layout.column(of: focus) + (toRight ? 1 : -1)
    guard column >= 0, column < layout.columnCount else { return }
    let frame = layout.frame(of: focus)
    let candidates = layout.items(
      intersecting: GridRect(x: layout.columnX(column), y: frame.y, width: layout.columnWidth, height: frame.height))
    let target =
      candidates.max { overlap($0, frame) < overlap($1, frame) }
      ?? layout.items(inColumn: column).last
    guard let target else { return }
    focusedIndex = target
    reveal(target)
  }

  private func overlap(_ index: Int, _ frame: GridRect) -> Int {
    let other = view.layout.frame(of: index)
    return min(other.maxY, frame.maxY) - max(other.y, frame.y)
  }

  /// Enter: select the focused box and show its detail; with nothing focused, focus the box at the top.
  private func activateFocus() {
    guard let focus = visibleFocus else {
      focusedIndex = view.placeAnchor()
      return
    }
    view.selectItem(at: focus)
    overlay = .detail(focus)
  }

  /// Scrolls the least that shows item `index`, as a user's move, so that reaching the footer this way loads
  /// more too.
  private func reveal(_ index: Int) {
    let target = view.offset(revealing: index, at: .visible)
    if target != view.contentOffset { view.userScroll(toOffset: target) }
  }
}
