/// A panel over the waterfall. No overlay is `nil` (`ViewState.overlay`).
public enum Overlay: Hashable, Sendable {
  case help
  case statistics
  /// The facet panel: each value of the `--facets` fields and how many items of the result hold it.
  case facets
  case detail(Int)
}
