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
    let old = previous.flatMap { $0.width == screen.width && $0.height == screen.height ? $0.cells : nil }
    previous = screen
    // Bytes, not String appends, and the cells compared in place (``ScreenDiff``'s rule, without its array): a
    // recording encodes every frame.
    var output: [UInt8] = old == nil ? Array("\u{1B}[0m\u{1B}[2J".utf8) : []
    var cursor = -1
    var style: Style? = nil
    let cells = screen.cells
    for index in cells.indices {
      let cell = cells[index]
      if let old, old[index] == cell { continue }
      guard !cell.isContinuation, let character = cell.character else { continue }
      if cursor != index {
        output += Array("\u{1B}[\(index / screen.width + 1);\(index % screen.width + 1)H".utf8)
      }
      if style != cell.style {
        if sequences[cell.style] == nil {
          sequences[cell.style] = Array(("\u{1B}[" + cell.style.sgrParameters + "m").utf8)
        }
        output += sequences[cell.style]!
        style = cell.style
      }
      if let ascii = character.asciiValue { output.append(ascii) } else { output += character.utf8 }
      // The cursor moves on by the character's width, and never wraps to the next row by itself.
      let next = index + Int(max(1, cell.width))
      cursor = next % screen.width == 0 ? -1 : next
    }
    if !output.isEmpty { output += Array("\u{1B}[0m".utf8) }
    return String(decoding: output, as: UTF8.self)
  }
}
