/// A grid of cells that the whole front end renders into. The presenter copies it to the terminal; tests read
/// it directly.
public struct Screen: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [ScreenCell]
  /// When set, every style is drawn without colour.
  public var colorEnabled = true

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(x: Int, y: Int) -> ScreenCell {
    cells[y * width + x]
  }

  /// Blanks every cell.
  public mutating func clear() {
    for index in cells.indices { cells[index] = .blank }
  }

  /// Fills a rectangle with one character (width 1) in one style, clipped to the screen.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, character: Character = " ", style: Style = .plain)
  {
    let style = colorEnabled ? style : style.withoutColor
    for row in max(0, y)..<min(self.height, y + height) {
      for column in max(0, x)..<min(self.width, x + width) {
        set(column, row, ScreenCell(character: character, width: 1, style: style))
      }
    }
  }

  /// Writes text from column `x` of row `y`, at most `maximumWidth` columns, clipped to the screen. The text must
  /// already be sanitised. A wide character that would not fit whole is replaced by a space. Returns the column
  /// after the last one written.
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, maximumWidth: Int = .max
  ) -> Int {
    guard y >= 0, y < height else { return x }
    let style = colorEnabled ? style : style.withoutColor
    let limit = maximumWidth == .max ? width : min(width, x + maximumWidth)
    var column = x
    for character in text {
      let columns = DisplayWidth.of(character)
      if columns == 0 { continue }
      if column + columns > limit {
        if columns == 2, column < limit, column >= 0 {
          set(column, y, ScreenCell(character: " ", width: 1, style: style))
          column += 1
        }
        break
      }
      if column >= 0 {
        set(column, y, ScreenCell(character: character, width: UInt8(columns), style: style))
        if columns == 2 { set(column + 1, y, ScreenCell(character: nil, width: 0, style: style)) }
      }
      column += columns
    }
    return column
  }

  /// Writes one narrow character (box drawing, a shade) at `x`, `y`; clipped to the screen.
  public mutating func put(character: Character, x: Int, y: Int, style: Style = .plain) {
    set(x, y, ScreenCell(character: character, width: 1, style: colorEnabled ? style : style.withoutColor))
  }

  /// Row `y` as text, trailing spaces trimmed.
  public func line(_ y: Int) -> String {
    // UTF-8 bytes, not Characters: appending a Character is a whole String append (tapes take every frame's text).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width)
    for x in 0..<width {
      if let character = self[x, y].character { bytes += character.utf8 }
    }
    while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The whole screen as text, one line a row, trailing spaces trimmed.
  public var text: String {
    (0..<height).map(line).joined(separator: "\n")
  }

  /// Keeps wide characters whole: writing over either half of one blanks the other half.
  private mutating func set(_ x: Int, _ y: Int, _ cell: ScreenCell) {
    guard x >= 0, x < width, y >= 0, y < height else { return }
    let index = y * width + x
    let old = cells[index]
    if old.width == 2, x + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = ScreenCell(character: " ", width: 1, style: old.style)
    }
    if old.isContinuation, x > 0, cells[index - 1].width == 2 {
      cells[index - 1] = ScreenCell(character: " ", width: 1, style: cells[index - 1].style)
    }
    cells[index] = cell
    if cell.width == 2, x + 1 >= width {
      // The right half would fall off the screen.
      cells[index] = ScreenCell(character: " ", width: 1, style: cell.style)
    }
  }
}
