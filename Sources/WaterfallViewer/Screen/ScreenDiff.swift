/// One screen position whose content changed between two frames.
public struct ScreenChange: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var cell: ScreenCell

  public init(x: Int, y: Int, cell: ScreenCell) {
    (self.x, self.y, self.cell) = (x, y, cell)
  }
}

/// What a presenter must write to turn one frame into the next: a pure function of two screens, so it is
/// tested without a terminal.
public enum ScreenDiff {
  /// The cells of `new` that differ from `old`, row by row; every cell when there is no `old` frame or its size
  /// differs. The screen keeps wide characters whole (writing over either half blanks the other), so a changed
  /// half always comes with its other half.
  public static func changes(from old: Screen?, to new: Screen) -> [ScreenChange] {
    let comparable = old.flatMap { $0.width == new.width && $0.height == new.height ? $0 : nil }
    var changes: [ScreenChange] = []
    for y in 0..<new.height {
      for x in 0..<new.width {
        let cell = new[x, y]
        if let comparable, comparable[x, y] == cell { continue }
        changes.append(ScreenChange(x: x, y: y, cell: cell))
      }
    }
    return changes
  }
}
