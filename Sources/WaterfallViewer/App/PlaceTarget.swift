import ShopCatalog

/// The item a new query's answer is loaded through to, keeping the user's place: it was on screen before the
/// sort, filter or sections changed, and the new first page does not hold it.
public struct PlaceTarget: Hashable, Sendable {
  public var item: ItemID
  /// Its rank in the new result, as the source found it.
  public var rank: Int
  /// Rows from the top of the view to the item's top before the change, kept when it arrives.
  public var distanceFromTop: Int
  /// It was the focused box (else the box at the top of the view), and is focused again when it arrives.
  public var wasFocused: Bool

  /// "loading to the focused item 40%…": how much of the result up to it has come.
  func statusText(loaded: Int) -> String {
    let percent = min(99, loaded * 100 / max(1, rank + 1))
    return "loading to \(wasFocused ? "the focused item" : "your place") \(percent)%…"
  }
}
