import WaterfallKit

/// Where the inspector stands, and step mode going on and off.
extension InspectorState {
  /// The inspector stands beside the waterfall when the terminal is wide enough, else over it.
  static let besideFromWidth = 72

  /// The inspector panel's width on a screen `width` columns wide.
  static func width(screenWidth width: Int) -> Int {
    width >= besideFromWidth ? min(46, max(30, width / 3)) : min(width, 40)
  }

  /// The waterfall's viewport on a screen `screen` big: every row but the status bar's, and every column but the
  /// inspector's when it is open and stands beside.
  func waterfallViewport(screen: GridSize) -> GridSize {
    var width = max(1, screen.width)
    if isOpen, screen.width >= Self.besideFromWidth { width -= Self.width(screenWidth: screen.width) }
    return GridSize(width: max(1, width), height: max(1, screen.height - 1))
  }

  /// `.`: step mode on or off. Answers the notice, whether the inspector must open to show the passes, and the
  /// messages held while stepping, to apply now that it is off.
  mutating func toggleStepMode() -> (notice: String, opensInspector: Bool, release: [Message]) {
    isStepping.toggle()
    let notice = isStepping ? "step mode: each key runs one layout pass (. resumes)" : "step mode off"
    guard !isStepping else { return (notice, !isOpen, []) }
    defer { heldMessages = [] }
    return (notice, false, heldMessages)
  }
}
