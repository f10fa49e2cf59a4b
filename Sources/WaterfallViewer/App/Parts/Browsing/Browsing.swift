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

extension Browsing {
  enum Message {
    /// ↓ / ↑: with a focused box on screen, the next box of its column; otherwise one row.
    case step(down: Bool)
    /// ← / →: the box in the neighbouring column that overlaps the focused one most; with none on screen, the
    /// box at the top of the view.
    case across(toRight: Bool)
    /// Enter: the focused box selected and its detail shown, scrolled into view first when it was scrolled away;
    /// with nothing focused, the box at the top focused.
    case activate
  }

  static func update(_ message: Message, in around: Surroundings) -> [Command] {
    let waterfall = around.waterfall
    switch message {
    case .step(let down): return commands(step(from: around.keyboardOnScreen, down: down, layout: waterfall.layout))
    case .across(let toRight):
      guard let current = around.keyboardOnScreen else { return [.focusShowingTop(waterfall.placeAnchor())] }
      return commands(across(from: current, toRight: toRight, layout: waterfall.layout))
    case .activate:
      guard let keyboard = around.keyboard, keyboard < waterfall.itemCount else {
        return [.focusShowingTop(waterfall.placeAnchor())]
      }
      let reveal: [Command] = around.keyboardOnScreen == nil ? [.reveal(keyboard)] : []
      return reveal + [.select(keyboard), .openDetail(keyboard)]
    }
  }

  private static func commands(_ move: Move) -> [Command] {
    switch move {
    case .focus(let index): [.focus(index)]
    case .scroll(let rows): [.scrollRows(rows)]
    case .stay: []
    }
  }
}

extension Browsing.Message {
  /// The waterfall's actions this part owns: ↓ ↑ ← → and Enter.
  init?(_ action: Action) {
    switch action {
    case .stepDown, .stepUp: self = .step(down: action == .stepDown)
    case .focusLeft, .focusRight: self = .across(toRight: action == .focusRight)
    case .activate: self = .activate
    default: return nil
    }
  }
}
