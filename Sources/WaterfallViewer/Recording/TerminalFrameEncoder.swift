/// The bytes a terminal receives to go from one frame to the next: cursor moves, SGR styles and the changed
/// cells (``ScreenDiff``), or a clear screen and every cell when there was no frame or its size changed. What a
/// recording keeps: it replays in any terminal, colours and pictures included. Pure.
public struct TerminalFrameEncoder: Sendable {
  private var previous: Screen?
  /// Each style's SGR sequence, made once (a frame with pictures changes colour at almost every cell).
  private var sequences: [Style: [UInt8]] = [:]

  public init() {}

  /// The bytes that turn the previous frame into `screen` (empty when nothing changed).
  public mutating func encode(_ screen: Screen) -> String {
    let whole = previous.map { $0.width != screen.width || $0.height != screen.height } ?? true
    let changes = ScreenDiff.changes(from: whole ? nil : previous, to: screen)
    previous = screen
    // Bytes, not String appends: a recording encodes every frame.
    var output: [UInt8] = whole ? Array("\u{1B}[0m\u{1B}[2J".utf8) : []
    var cursorX = -1
    var cursorY = -1
    var style: Style? = nil
    for change in changes where !change.cell.isContinuation {
      guard let character = change.cell.character else { continue }
      if cursorX != change.x || cursorY != change.y {
        output += Array("\u{1B}[\(change.y + 1);\(change.x + 1)H".utf8)
      }
      if style != change.cell.style {
        let cellStyle = change.cell.style
        if sequences[cellStyle] == nil {
          sequences[cellStyle] = Array(("\u{1B}[" + cellStyle.sgrParameters + "m").utf8)
        }
        output += sequences[cellStyle]!
        style = cellStyle
      }
      output += character.utf8
      (cursorX, cursorY) = (change.x + Int(max(1, change.cell.width)), change.y)
    }
    if !output.isEmpty { output += Array("\u{1B}[0m".utf8) }
    return String(decoding: output, as: UTF8.self)
  }
}
