import Testing

extension TmuxPane {
  /// Polls until the viewer's first frame is drawn (a box, and `row 1/` in the status line) and returns it; fails
  /// after `seconds`.
  @discardableResult
  func waitForFirstFrame(seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try waitForScreen(seconds: seconds, sourceLocation: sourceLocation) { $0.contains("┌") && $0.contains("row 1/") }
  }
}
