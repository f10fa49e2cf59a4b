import Pictures
import WaterfallKit

extension Viewer {
  /// While the source opens, keys and clicks wait for its first answer (``HeldInput``).
  func handleOrHold(_ event: InputEvent) {
    let quits: Bool
    if case .key(let key) = event { quits = normalAction(for: key) == .quit } else { quits = false }
    for event in heldInput.update(.event(event, quits: quits)) { handle(event) }
  }

  /// Handles, in order, the keys and clicks that waited: for the source's first answer (once it is in, or failed),
  /// and the jumps typed while a new order was on its way (once it is shown).
  func handleInputThatWaited() {
    for event in heldInput.update(.updated(answered: !waterfall.paging.isRefreshing)) where !state.isQuitting {
      handle(event)
    }
    guard pendingQuery == nil else { return }
    for event in heldInput.resultShown() where !state.isQuitting { handle(event) }
  }

  private func normalAction(for key: Key) -> Action? {
    KeyMap.waterfallAction(for: key, customKeys: options.customKeys, picking: options.picking != nil)
  }

  /// One input event, to whoever owns it: a resize to everyone; keys to the prompt, the open overlay or the
  /// waterfall (``ViewState/inputMode``); the mouse to the overlay or the waterfall; a paste to the prompt.
  func handle(_ event: InputEvent) {
    switch event {
    case .resize(let width, let height):
      state.screenSize = GridSize(width: width, height: height)
      waterfall.setViewportSize(waterfallViewport, anchor: focus.keyboardOnScreen)
      if state.panel.overlay == .facets { keepFacetCursorInView() }
    case .repaint:
      emit(.redrawAll)
    case .cellPixels(let width, let height):
      // Pictures in pixels only: the next requests ask for every picture at the new size.
      if options.pictures?.cellPixels != nil { cellPixels = CellPixelSize(width: width, height: height) }
    case .key(let key):
      state.notice = nil
      // The user takes the view back: G's following of a feed's end stops.
      state.endFollowing = nil
      handle(key)
    case .mouse(let mouse):
      state.endFollowing = nil
      if options.mouseEnabled, !state.isTooSmall { handle(mouse) }
    case .paste(let text):
      // Pasted text is never commands: outside a prompt it does nothing.
      if state.inputMode == .prompt { run(state.promptLine.paste(text).commands) }
    }
  }

  private func handle(_ key: Key) {
    if key == .character("!"), options.crashKeyEnabled { fatalError("crash forced with ! (WATERFALL_CRASH_KEY)") }
    let mode = state.inputMode
    if mode == .prompt { return typeIntoPrompt(key) }
    if state.jumpList.awaitingMark != nil, mode == .normal { return takeMarkLetter(key) }
    let action = mode == .overlay ? KeyMap.action(for: key, in: KeyMap.overlay) : normalAction(for: key)
    // Too small to draw anything else: only quitting and repainting make sense.
    if state.isTooSmall, action != .quit, action != .redrawAll { return }
    if mode == .overlay {
      if state.panel.overlay == .facets, handleFacetKey(key) { return }
      if let action { perform(overlayAction: action) }
      return
    }
    if pendingQuery != nil, let action, [.top, .bottom, .nextMatch, .previousMatch].contains(action) {
      return heldInput.holdUntilResultShown(.key(key))
    }
    // Only moving further up keeps a pull going; any other key lets go of it.
    if action != .stepUp { carryOut(state.scrolling.update(.letGo)) }
    if let action { perform(action) }
  }

  private func handle(_ mouse: MouseEvent) {
    if mouse.kind == .press { carryOut(state.scrolling.update(.letGo)) }
    if mouse.kind == .press, state.panel.overlay == .facets, clickFacet(at: mouse) { return }
    let open = (panel: state.panel.overlay != nil, prompt: state.promptLine.prompt != nil)
    let outcome = Mouse.update(mouse, panelOpen: open.panel, promptOpen: open.prompt, waterfall: waterfall)
    run(Mouse.commands(outcome, stepping: inspector.isStepping))
  }
}
