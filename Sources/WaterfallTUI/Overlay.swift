/// What covers the waterfall, if anything.
public enum Overlay: Hashable, Sendable {
  case none
  case help
  case statistics
  case detail(Int)
}
