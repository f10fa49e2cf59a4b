import WaterfallKit

/// The engine records layout-pass events only while something reads them: the inspector open, or reuse labels
/// flashing (`v`). The inspector part turns the engine's recorder on and off, and keeps what it recorded.
extension InspectorState {
  /// Turns the recorder of `waterfall` on while the inspector is open or `flashingReuse`, off otherwise (the
  /// flashes let go).
  mutating func listen(to waterfall: WaterfallView, flashingReuse: Bool, now: Int) {
    let listening = isOpen || flashingReuse
    if listening, waterfall.eventRecorder == nil {
      waterfall.eventRecorder = LayoutEventRecorder(capacity: Self.logCapacity * 4)
    } else if !listening {
      waterfall.eventRecorder = nil
      record([], now: now)
    }
  }

  /// Takes what the engine recorded during this update, each event with its item's number in `store`.
  mutating func collect(from waterfall: WaterfallView, store: ItemStore, now: Int) {
    guard let recorder = waterfall.eventRecorder else { return }
    let events = recorder.takeEvents()
    record(events, now: now, itemNumber: store.number(at:))
    // The originals answer the same question ours did, on the same frames: what meets the visible rect now.
    if comparison != nil, events.contains(where: { if case .passStarted = $0 { true } else { false } }) {
      comparison!.pass(waterfall.layout, visibleRect: waterfall.viewportRect)
    }
  }
}
