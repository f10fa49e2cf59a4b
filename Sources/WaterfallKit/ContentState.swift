/// What the content area shows.
public enum ContentState: Hashable, Sendable {
  /// No items yet and the first page is on its way.
  case loading
  /// No items, and none are coming.
  case empty
  /// The columns.
  case items
}
