/// What lies under a point of the content, as ``WaterfallLayout/hitTest(_:)`` finds it.
public enum HitTarget: Hashable, Sendable {
  /// The item with this index.
  case item(Int)
  /// The full-width header region.
  case header
  /// The full-width header of this section.
  case sectionHeader(Int)
  /// The full-width footer region.
  case footer
  /// Between two columns, or between two items of one column, or below a column's last item.
  case gap
  /// The margins around the columns.
  case margin
  /// Not inside the content at all.
  case outside

  /// The item index, when the point is on an item.
  public var itemIndex: Int? {
    if case .item(let index) = self { return index }
    return nil
  }
}
