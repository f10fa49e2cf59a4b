import WaterfallKit

/// The reuse inspector (`i`), step mode (`.`) and reuse flashes (with `v`): all read the engine's own
/// layout-pass events, which the engine records only while one of them listens.
extension Viewer {
  /// The waterfall's viewport: the screen less the status bar, and less the inspector when it stands beside.
  var waterfallViewport: GridSize { inspector.waterfallViewport(screen: state.screenSize) }

  func listenToLayoutPasses() { inspector.listen(to: waterfall, flashingReuse: state.showReuse, now: state.now) }

  func collectLayoutPassEvents() { inspector.collect(from: waterfall, store: store, now: state.now) }
}
