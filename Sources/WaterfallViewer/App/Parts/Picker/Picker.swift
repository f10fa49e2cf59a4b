import ShopCatalog

/// `--pick`: the viewer as a chooser, as fzf is one. Tab and Space mark items, Enter picks the marked ones (or the
/// item acted on) and quits; what to print is the command line's business. Off (`limit` aside) without `--pick`.
public struct Picker: Hashable, Sendable {
  public enum Message: Hashable, Sendable {
    /// Tab: mark the item acted on, or unmark it (nil: nothing to act on).
    case toggleMark(ItemID?, ShopItem?)
    /// Enter: pick the marked items, or else the item acted on.
    case accept(ShopItem?)
  }

  public enum Outcome: Hashable, Sendable {
    case done
    /// A line for the status bar: why nothing happened.
    case notice(String)
    /// Picked: the viewer quits, and the command line prints ``picked``.
    case quit
  }

  /// At most this many marks (`--multi N`); nil: any number.
  public let limit: Int?
  /// The marked items by identity (their place in the catalogue, so a sort or a filter keeps them).
  public internal(set) var marks: [ItemID: ShopItem] = [:]
  /// What Enter picked, in dataset order; nil until then (and when the pick was cancelled).
  public internal(set) var picked: [ShopItem]?

  /// The viewer is a chooser (`--pick`): without it, Tab and Enter ask nothing of the picker.
  let isChoosing: Bool

  public init(limit: Int? = nil, isChoosing: Bool = true) { (self.limit, self.isChoosing) = (limit, isChoosing) }

  mutating func update(_ message: Message) -> Outcome {
    switch message {
    case .toggleMark(let id, let item):
      guard let id, let item else { return .notice("nothing to mark") }
      if marks.removeValue(forKey: id) != nil { return .done }
      if let limit, marks.count >= limit { return .notice("at most \(limit) marked (--multi \(limit))") }
      marks[id] = item
      return .done
    case .accept(let actedOn):
      if marks.isEmpty {
        guard let actedOn else { return .notice("nothing to pick") }
        picked = [actedOn]
      } else {
        picked = marks.sorted { $0.key < $1.key }.map(\.value)
      }
      return .quit
    }
  }

  /// Whether the item `id` is marked.
  func isMarked(_ id: ItemID) -> Bool { !marks.isEmpty && marks[id] != nil }

  /// "2/5 marked": for the status bar.
  var statusText: String { "\(marks.count)\(limit.map { "/\($0)" } ?? "") marked" }
}
