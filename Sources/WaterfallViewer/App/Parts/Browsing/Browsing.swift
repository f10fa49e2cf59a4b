import WaterfallKit

/// Browsing with the arrows: where ↓ ↑ ← → take the keyboard's box (``Focus/keyboard``) in a layout. It answers
/// with the move; the root focuses the box and scrolls it into view, or scrolls.
enum Browsing {
  enum Move: Hashable {
    /// Focus this box (a layout index).
    case focus(Int)
    /// Scroll this many rows: no box on screen to walk from, or the end of its column (so the footer, or the
    /// pull to refresh, can still be reached).
    case scroll(rows: Int)
    /// Nothing: there is no column that way.
    case stay
  }

  /// ↓ / ↑ from the keyboard's box on screen (`current`): the next box of its column.
  static func step(from current: Int?, down: Bool, layout: WaterfallLayout) -> Move {
    let row = Move.scroll(rows: down ? 1 : -1)
    guard let current else { return row }
    return (down ? layout.itemBelow(current) : layout.itemAbove(current)).map(Move.focus) ?? row
  }

  /// ← / → from `current`: the box in the neighbouring column that overlaps it most (that column's last when none
  /// does).
  static func across(from current: Int, toRight: Bool, layout: WaterfallLayout) -> Move {
    let column = layout.column(of: current) + (toRight ? 1 : -1)
    guard column >= 0, column < layout.columnCount else { return .stay }
    let frame = layout.frame(of: current)
    func overlap(_ index: Int) -> Int {
      let other = layout.frame(of: index)
      return min(other.maxY, frame.maxY) - max(other.y, frame.y)
    }
    let candidates = layout.items(
      intersecting: GridRect(x: layout.columnX(column), y: frame.y, width: layout.columnWidth, height: frame.height))
    let target = candidates.max { overlap($0) < overlap($1) } ?? layout.items(inColumn: column).last
    return target.map(Move.focus) ?? .stay
  }
}
