import Pictures
import WaterfallKit

extension Viewer {
  /// While the source opens, keys and clicks wait for its first answer (a change of the terminal applies at once,
  /// and so does a key that quits: nobody waits to leave).
  func handleOrHold(_ event: InputEvent) {
    guard heldInput != nil else { return handle(event) }
    switch event {
    case .resize, .repaint, .cellPixels:
      handle(event)
    case .key(let key) where quits(key):
      handle(event)
    case .key, .mouse:
      heldInput?.append(event)
    }
  }

  /// The source's first answer is in (or failed): what was typed meanwhile is applied, in order.
  func releaseHeldInputOnceOpened() {
    guard let held = heldInput, !waterfall.paging.isRefreshing else { return }
    heldInput = nil
    for event in held where !state.isQuitting { handle(event) }
  }

  private func quits(_ key: Key) -> Bool { normalAction(for: key) == .quit }

  /// What `key` does over the waterfall: the config file's binding, else the chooser's, else the default.
  private func normalAction(for key: Key) -> Action? {
    options.customKeys[key] ?? pickingAction(for: key) ?? KeyMap.action(for: key, in: KeyMap.normal)
  }

  /// One input event, to whoever owns it: a resize to everyone; keys to the prompt, the open overlay or the
  /// waterfall (``ViewState/inputMode``); the mouse to the overlay or the waterfall.
  func handle(_ event: InputEvent) {
    switch event {
    case .resize(let width, let height):
      state.screenSize = GridSize(width: width, height: height)
      waterfall.setViewportSize(waterfallViewport, anchor: visibleFocus)
    case .repaint:
      emit(.redrawAll)
    case .cellPixels(let width, let height):
      // Pictures in pixels only: the next requests ask for every picture at the new size.
      if options.pictures?.cellPixels != nil { cellPixels = CellPixelSize(width: width, height: height) }
    case .key(let key):
      state.notice = nil
      handle(key)
    case .mouse(let mouse):
      if options.mouseEnabled, !state.isTooSmall { handle(mouse) }
    }
  }

  private func handle(_ key: Key) {
    if key == .character("!"), options.crashKeyEnabled { fatalError("crash forced with ! (WATERFALL_CRASH_KEY)") }
    let mode = state.inputMode
    if mode == .prompt { return handlePromptKey(key) }
    let action = mode == .overlay ? KeyMap.action(for: key, in: KeyMap.overlay) : normalAction(for: key)
    // Too small to draw anything else: only quitting and repainting make sense.
    if state.isTooSmall, action != .quit, action != .redrawAll { return }
    if mode == .overlay {
      if let action { perform(overlayAction: action) }
      return
    }
    // Only moving further up keeps a pull going; any other key lets go of it.
    if action != .stepUp { letGoOfPull() }
    if let action { perform(action) }
  }

  /// Any key but a further pull up lets go of a pull.
  func letGoOfPull() {
    if state.lastPullTime != nil { releasePull() }
  }

  private func handle(_ mouse: MouseEvent) {
    if state.overlay != nil, mouse.kind != .press {
      return scrollOverlay(by: mouse.kind == .wheelUp ? -Self.wheelRows : Self.wheelRows)
    }
    switch mouse.kind {
    case .wheelUp: scroll(by: stepRows(-Self.wheelRows))
    case .wheelDown: scroll(by: stepRows(Self.wheelRows))
    case .press:
      letGoOfPull()
      if state.overlay != nil {
        state.overlay = nil
        return
      }
      guard state.prompt == nil, mouse.y < waterfall.viewportSize.height else { return }
      let point = waterfall.contentPoint(fromViewport: GridPoint(x: mouse.x, y: mouse.y))
      switch waterfall.selectItem(atContentPoint: point) {
      case .item(let index):
        state.focusedIndex = index
        state.overlay = .detail(index)
      case .footer:
        waterfall.retryLoadMore()
      default:
        break
      }
    }
  }
}
