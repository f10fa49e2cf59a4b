/// Where ``WaterfallView/scrollToItem(_:at:)`` puts an item in the viewport.
public enum ScrollPosition: Hashable, Sendable {
  /// The item's top row at the viewport's top.
  case top
  /// The item's middle at the viewport's middle.
  case center
  /// The item's bottom row at the viewport's bottom.
  case bottom
  /// The least scrolling that shows the whole item (or its top, when it is taller than the viewport).
  case visible
}
