/// The bytes a terminal receives to go from one frame to the next: cursor moves, SGR styles and the changed
/// cells (``ScreenDiff``), or a clear screen and every cell when there was no frame or its size changed. What a
/// recording keeps: it replays in any terminal, colours and pictures included. Pure.
public struct TerminalFrameEncoder: Sendable {
  private var previous: Screen?

  public init() {}

  /// The bytes that turn the previous frame into `screen` (empty when nothing changed).
  public mutating func encode(_ screen: Screen) -> String {
    let whole = previous.map { $0.width != screen.width || $0.height != screen.height } ?? true
    let changes = ScreenDiff.changes(from: whole ? nil : previous, to: screen)
    previous = screen
    var output = whole ? "\u{1B}[0m\u{1B}[2J" : ""
    var cursorX = -1
    var cursorY = -1
    var style: Style? = nil
    for change in changes where !change.cell.isContinuation {
      guard let character = change.cell.character else { continue }
      if cursorX != change.x || cursorY != change.y {
        output += "\u{1B}[\(change.y + 1);\(change.x + 1)H"
      }
      if style != change.cell.style {
        output += "\u{1B}[" + change.cell.style.sgrParameters + "m"
        style = change.cell.style
      }
      output.append(character)
      (cursorX, cursorY) = (change.x + Int(max(1, change.cell.width)), change.y)
    }
    if !output.isEmpty { output += "\u{1B}[0m" }
    return output
  }
}
