/// Keys and clicks typed while the source opens (before its first answer), applied in order once it answers:
/// `j j j` typed at start moves three boxes, as it would a moment later. A change of the terminal applies at once,
/// and so does a key that quits: nobody waits to leave.
struct HeldInput {
  enum Message {
    /// The viewer starts: the source has not answered yet.
    case start
    /// An event came; `quits` says whether it is a key that quits.
    case event(InputEvent, quits: Bool)
    /// The update ended; `answered` says whether the source's first answer is in (or failed).
    case updated(answered: Bool)
  }

  /// What was typed meanwhile, in order; `nil` once the source has answered.
  private(set) var held: [InputEvent]?
  /// Keys that go somewhere in the result (g, G, n, N) typed while a new order, filter or sections are on their
  /// way: they go there in the new result once it is shown, not in the old one it is about to replace.
  private(set) var waitingForResult: [InputEvent] = []

  /// Holds `event` until the result on its way is shown (``resultShown()``).
  mutating func holdUntilResultShown(_ event: InputEvent) { waitingForResult.append(event) }

  /// The result asked for is shown: the keys that waited for it, in order, once only.
  mutating func resultShown() -> [InputEvent] {
    defer { waitingForResult = [] }
    return waitingForResult
  }

  /// The events the root handles now, in order.
  mutating func update(_ message: Message) -> [InputEvent] {
    switch message {
    case .start:
      held = []
      return []
    case .event(let event, let quits):
      guard held != nil else { return [event] }
      switch event {
      case .resize, .repaint, .cellPixels: return [event]
      case .key where quits: return [event]
      case .key, .mouse, .paste:
        held?.append(event)
        return []
      }
    case .updated(let answered):
      guard let events = held, answered else { return [] }
      held = nil
      return events
    }
  }
}
