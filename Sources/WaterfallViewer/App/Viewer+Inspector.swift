import WaterfallKit

/// The reuse inspector (`i`), step mode (`.`) and reuse flashes (with `v`): all read the engine's own
/// layout-pass events, which the engine records only while one of them listens.
extension Viewer {
  /// The inspector stands beside the waterfall when the terminal is wide enough, else over it.
  static let inspectorBesideFromWidth = 72

  /// The inspector panel's width on a screen `width` columns wide.
  public static func inspectorWidth(screenWidth width: Int) -> Int {
    width >= inspectorBesideFromWidth ? min(46, max(30, width / 3)) : min(width, 40)
  }

  /// The waterfall's viewport: every row but the status bar's, and every column but the inspector's when it
  /// stands beside.
  var waterfallViewport: GridSize {
    let screen = state.screenSize
    var width = max(1, screen.width)
    if inspector.isOpen, screen.width >= Self.inspectorBesideFromWidth {
      width -= Self.inspectorWidth(screenWidth: screen.width)
    }
    return GridSize(width: max(1, width), height: max(1, screen.height - 1))
  }

  func toggleInspector() {
    inspector.isOpen.toggle()
    listenToLayoutPasses()
    waterfall.setViewportSize(waterfallViewport, anchor: focus.keyboardOnScreen)
  }

  func toggleStepMode() {
    inspector.isStepping.toggle()
    if !inspector.isOpen, inspector.isStepping { toggleInspector() }
    state.notice = inspector.isStepping ? "step mode: each key runs one layout pass (. resumes)" : "step mode off"
    if !inspector.isStepping {
      let held = inspector.heldMessages
      inspector.heldMessages = []
      for message in held { apply(message) }
    }
  }

  /// The engine records layout-pass events only while the inspector is open or reuse labels flash.
  func listenToLayoutPasses() {
    let listening = inspector.isOpen || state.showReuse
    if listening, waterfall.eventRecorder == nil {
      waterfall.eventRecorder = LayoutEventRecorder(capacity: InspectorState.logCapacity * 4)
    } else if !listening {
      waterfall.eventRecorder = nil
      inspector.record([], now: state.now)
    }
  }

  /// Takes what the engine recorded during this update.
  func collectLayoutPassEvents() {
    guard let recorder = waterfall.eventRecorder else { return }
    inspector.record(recorder.takeEvents(), now: state.now) { [store] in
      $0 < store.count ? store.ids[$0].number : nil
    }
  }
}
