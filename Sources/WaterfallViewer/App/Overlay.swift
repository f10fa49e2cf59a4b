/// A panel over the waterfall. No overlay is `nil` (`ViewState.overlay`).
public enum Overlay: Hashable, Sendable {
  case help
  case statistics
  case detail(Int)
}
