import Pictures

/// A grid of cells that the whole front end renders into. The presenter copies it to the terminal; tests read
/// it directly.
public struct Screen: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [ScreenCell]
  /// When set, every style is drawn without colour.
  public var colorEnabled = true
  /// The pictures a terminal may draw in real pixels, each over picture cells of this screen.
  public private(set) var pictures: [ScreenPicture] = []
  /// Where the terminal's cursor rests once the frame is drawn (column, row): on what has the focus, since screen
  /// readers and braille displays follow the cursor, hidden or not.
  public var cursorColumn = 0
  public var cursorRow = 0

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// A screen of these cells, row by row (``TerminalEmulator``'s grid, shown as it is).
  init(width: Int, height: Int, cells: [ScreenCell]) {
    precondition(width >= 0 && height >= 0 && cells.count == width * height, "cells for every place")
    (self.width, self.height, self.cells) = (width, height, cells)
  }

  public subscript(x: Int, y: Int) -> ScreenCell {
    cells[y * width + x]
  }

  /// Blanks every cell.
  public mutating func clear() {
    // A new buffer: the last frame usually shares this one, which a cell-by-cell clear would copy first.
    cells = Array(repeating: .blank, count: cells.count)
    pictures.removeAll()
  }

  /// Fills a rectangle with one character (width 1) in one style, clipped to the screen.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, character: Character = " ", style: Style = .plain)
  {
    let style = colorEnabled ? style : style.withoutColor
    hidePictures(x: x, y: y, width: width, height: height)
    let cell = ScreenCell(packedCharacter: CellCharacter(character), width: 1, style: style)
    for row in max(0, y)..<min(self.height, y + height) {
      for column in max(0, x)..<min(self.width, x + width) {
        set(column, row, cell)
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
          set(column, y, ScreenCell(packedCharacter: .space, width: 1, style: style))
          column += 1
        }
        break
      }
      if column >= 0 {
        set(column, y, ScreenCell(character: character, width: UInt8(columns), style: style))
        if columns == 2 { set(column + 1, y, ScreenCell(packedCharacter: .none, width: 0, style: style)) }
      }
      column += columns
    }
    return column
  }

  /// Writes one narrow character (box drawing, a shade) at `x`, `y`; clipped to the screen.
  public mutating func put(character: Character, x: Int, y: Int, style: Style = .plain) {
    set(x, y, ScreenCell(character: character, width: 1, style: colorEnabled ? style : style.withoutColor))
  }

  /// Writes one cell of a picture drawn in symbols (marked as a picture cell).
  public mutating func put(pictureCharacter character: Character, x: Int, y: Int, style: Style) {
    var cell = ScreenCell(character: character, width: 1, style: colorEnabled ? style : style.withoutColor)
    cell.isPicture = true
    set(x, y, cell)
  }

  /// Writes a row of picture cells (``ShownPicture``'s, already marked as such) from `x`, `y`; clipped to the
  /// screen.
  public mutating func put(pictureCells: ArraySlice<ScreenCell>, x: Int, y: Int) {
    guard y >= 0, y < height, x >= 0, x + pictureCells.count <= width, colorEnabled else {
      var column = x
      for var cell in pictureCells {
        if !colorEnabled { cell.style = cell.style.withoutColor }
        set(column, y, cell)
        column += 1
      }
      return
    }
    guard let first = pictureCells.first, let last = pictureCells.last else { return }
    // A row wholly on the screen is copied at once. ``set(_:_:_:)`` cell by cell would come to the same: only
    // a wide character cut at either end of the row changes a cell outside it.
    let start = y * width + x
    let end = start + pictureCells.count
    set(x, y, first)
    set(x + pictureCells.count - 1, y, last)
    cells.replaceSubrange(start..<end, with: pictureCells)
  }

  /// Records that row `row` of `picture` (of `rows` rows, `columns` wide) is drawn at `x`, `y`: rows drawn one
  /// after another join one ``ScreenPicture`` named `id`. Rows off the screen are left out.
  public mutating func addPictureRow(
    _ picture: PixelPicture, id: Int, row: Int, rows: Int, x: Int, y: Int, columns: Int
  ) {
    guard y >= 0, y < height, x >= 0, x + columns <= width, columns > 0 else { return }
    if let index = pictures.lastIndex(where: { $0.id == id }) {
      let last = pictures[index]
      guard index == pictures.count - 1, last.picture == picture, last.firstRow + last.shownRows == row,
        last.y + last.shownRows == y, last.x == x
      else { return }
      pictures[index].shownRows += 1
      return
    }
    pictures.append(
      ScreenPicture(id: id, picture: picture, x: x, y: y, columns: columns, rows: rows, firstRow: row, shownRows: 1))
  }

  /// What is drawn over a picture hides it: rows covered at its top or bottom are cut off; covered anywhere
  /// else, the whole picture is left to its symbols.
  private mutating func hidePictures(x: Int, y: Int, width: Int, height: Int) {
    guard !pictures.isEmpty, width > 0, height > 0 else { return }
    pictures = pictures.compactMap { shown in
      var shown = shown
      let top = max(y, shown.y)
      let bottom = min(y + height, shown.y + shown.shownRows)
      guard top < bottom, x < shown.x + shown.columns, x + width > shown.x else { return shown }
      guard x <= shown.x, x + width >= shown.x + shown.columns else { return nil }
      if top == shown.y {
        let cut = bottom - top
        shown.y += cut
        shown.firstRow += cut
        shown.shownRows -= cut
      } else if bottom == shown.y + shown.shownRows {
        shown.shownRows -= bottom - top
      } else {
        return nil
      }
      return shown.shownRows > 0 ? shown : nil
    }
  }

  /// This screen as a terminal that draws `shown` in pixels must write it: the picture cells under them
  /// blank, so only the text drawn over a picture (a price) stays.
  public func blankingPictureCells(under shown: [ScreenPicture]) -> Screen {
    var copy = self
    for picture in shown {
      for row in max(0, picture.y)..<min(height, picture.y + picture.shownRows) {
        for column in max(0, picture.x)..<min(width, picture.x + picture.columns)
        where copy.cells[row * width + column].isPicture {
          copy.cells[row * width + column] = .blank
        }
      }
    }
    return copy
  }

  /// Row `y` as text, trailing spaces trimmed.
  public func line(_ y: Int) -> String {
    // UTF-8 bytes, not Characters: appending a Character is a whole String append (tapes take every frame's text).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width)
    for x in 0..<width { self[x, y].packedCharacter.appendUTF8(to: &bytes) }
    while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The whole screen as text, one line a row, trailing spaces trimmed.
  public var text: String {
    // One buffer for every row, written through a pointer (a tape takes the text of every frame), with room for
    // three bytes a cell (box drawing, CJK) so it seldom grows.
    var writer = ByteWriter(capacity: cells.count * 3 + height)
    for y in 0..<height {
      if y > 0 { writer.append(0x0A) }
      let rowStart = writer.count
      for x in 0..<width { cells[y * width + x].packedCharacter.write(to: &writer, escapingForJSON: false) }
      writer.removeTrailing(UInt8(ascii: " "), keepingAtLeast: rowStart)
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Keeps wide characters whole: writing over either half of one blanks the other half.
  private mutating func set(_ x: Int, _ y: Int, _ cell: ScreenCell) {
    guard x >= 0, x < width, y >= 0, y < height else { return }
    let index = y * width + x
    let old = cells[index]
    if old.width == 2, x + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = ScreenCell(packedCharacter: .space, width: 1, style: old.style)
    }
    if old.isContinuation, x > 0, cells[index - 1].width == 2 {
      cells[index - 1] = ScreenCell(packedCharacter: .space, width: 1, style: cells[index - 1].style)
    }
    cells[index] = cell
    if cell.width == 2, x + 1 >= width {
      // The right half would fall off the screen.
      cells[index] = ScreenCell(packedCharacter: .space, width: 1, style: cell.style)
    }
  }
}
