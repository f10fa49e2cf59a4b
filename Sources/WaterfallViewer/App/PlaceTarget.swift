import ShopCatalog

/// An item of the query's result beyond the loaded pages that pages are being loaded through to: the item the
/// user was looking at before a sort, filter or sections, or the item `:N` named.
public struct PlaceTarget: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    /// The focused box before the query changed: focused again, at the same row.
    case focusedBox
    /// The box at the top of the view before the query changed: at the same row, not focused.
    case topOfView
    /// `:N`: focused and scrolled into view.
    case goToItem
  }

  public var item: ItemID
  /// Its rank in the result, as the source found it.
  public var rank: Int
  public var purpose: Purpose
  /// Rows from the top of the view to the item's top before the change, kept when it arrives (`nil`: only
  /// into view).
  public var distanceFromTop: Int?
  /// Whether the item was selected (its detail opened) before the change, so it is again when it arrives: a
  /// box only focused stays only focused.
  public var wasSelected = false

  /// What is being loaded to: "the focused item", "your place", "item #7".
  var name: String {
    switch purpose {
    case .focusedBox: "the focused item"
    case .topOfView: "your place"
    case .goToItem: "item #\(item.number)"
    }
  }

  /// "going to item #7…": while the result is measured to reach it.
  var jumpText: String { "going to \(name)…" }

  /// "loading to the focused item 40%…": how much of the result up to it has come.
  func statusText(loaded: Int) -> String {
    "loading to \(name) \(min(99, loaded * 100 / max(1, rank + 1)))%…"
  }
}
