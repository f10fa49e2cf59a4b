/// A terminal of our own for recordings: what a VT terminal (xterm, tmux) shows after receiving output. Text with
/// wide characters, wrapping at the last column (deferred, DECAWM), cursor moves, erasing, inserting and deleting,
/// scroll regions, saved cursors, the alternate screen, SGR colours and attributes, DEC line drawing; everything
/// else is read by ``EscapeSequenceParser`` and dropped. Untrusted input: nothing it holds reaches a terminal,
/// and nothing moves outside its grid. Pure.
public struct TerminalEmulator: Sendable {
  public private(set) var width: Int
  public private(set) var height: Int
  /// The screen shown, row by row.
  var cells: [ScreenCell]
  /// The screen not shown: the main one while the alternate one is.
  var hiddenCells: [ScreenCell]
  public internal(set) var usingAlternateScreen = false
  var cursor = Cursor()
  /// DECSC's copy, one for each screen (as xterm keeps them).
  var savedCursors = [Cursor(), Cursor()]
  /// The scroll region, first and last row (DECSTBM).
  var top = 0
  var bottom: Int
  var autowrap = true
  var insertMode = false
  public internal(set) var cursorVisible = true
  var tabStops: [Bool]
  /// The last character shown, for REP.
  var lastPrinted: Character?
  private var parser = EscapeSequenceParser()
  /// Characters received and not yet shown: a run is split into grapheme clusters (an emoji with its modifiers
  /// takes one cell) before it is shown.
  private var pendingText = String.UnicodeScalarView()

  /// Where the next character goes, in what style and character set.
  struct Cursor: Sendable {
    var row = 0
    var column = 0
    /// At the last column after writing there: the next character goes to the next line first.
    var pendingWrap = false
    var style = Style.plain
    /// G0 and G1: whether each is DEC's special graphics (line drawing) instead of ASCII.
    var lineDrawing = [false, false]
    /// Which of G0 and G1 is in use (SI, SO).
    var shifted = false
    /// DECOM: rows counted from the scroll region's top, and the cursor kept inside it.
    var originMode = false
  }

  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
    hiddenCells = cells
    bottom = self.height - 1
    tabStops = Self.defaultTabStops(width: self.width)
  }

  /// The screen shown now, with the cursor's place.
  public var screen: Screen {
    var screen = Screen(width: width, height: height, cells: cells)
    screen.cursorColumn = cursor.column
    screen.cursorRow = cursor.row
    return screen
  }

  /// Receives a recording's output.
  public mutating func feed(_ text: String) {
    var parser = self.parser
    for scalar in text.unicodeScalars { parser.advance(scalar, &self) }
    self.parser = parser
    flushText()
  }

  /// A new size: what fits stays where it was (top left), as agg keeps one size and asciinema's player redraws;
  /// the scroll region becomes the whole screen.
  public mutating func resize(width newWidth: Int, height newHeight: Int) {
    let (newWidth, newHeight) = (max(1, newWidth), max(1, newHeight))
    func resized(_ old: [ScreenCell]) -> [ScreenCell] {
      var new = Array(repeating: ScreenCell.blank, count: newWidth * newHeight)
      for row in 0..<min(height, newHeight) {
        for column in 0..<min(width, newWidth) { new[row * newWidth + column] = old[row * width + column] }
        // A wide character cut in half at the new right edge.
        if newWidth < width, new[row * newWidth + newWidth - 1].width == 2 {
          new[row * newWidth + newWidth - 1] = .blank
        }
      }
      return new
    }
    cells = resized(cells)
    hiddenCells = resized(hiddenCells)
    (width, height) = (newWidth, newHeight)
    (top, bottom) = (0, newHeight - 1)
    tabStops = Self.defaultTabStops(width: newWidth)
    for index in savedCursors.indices { clamp(&savedCursors[index]) }
    clamp(&cursor)
    cursor.pendingWrap = false
  }

  private func clamp(_ cursor: inout Cursor) {
    if cursor.row >= height || cursor.column >= width { cursor.pendingWrap = false }
    cursor.row = min(cursor.row, height - 1)
    cursor.column = min(cursor.column, width - 1)
  }

  static func defaultTabStops(width: Int) -> [Bool] {
    (0..<width).map { $0 > 0 && $0 % 8 == 0 }
  }

  // MARK: Text

  /// Shows the characters received so far, cluster by cluster.
  mutating func flushText() {
    guard !pendingText.isEmpty else { return }
    let text = String(pendingText)
    pendingText.removeAll(keepingCapacity: true)
    for character in text { show(character) }
  }

  /// One grapheme cluster at the cursor, wrapping first when a wrap is pending or a wide one does not fit.
  mutating func show(_ character: Character) {
    let columns = DisplayWidth.of(character)
    // A cluster of no width alone (a combining mark after a control) has no cell of its own.
    guard columns > 0, columns <= width else { return }
    if cursor.pendingWrap, autowrap {
      cursor.column = 0
      lineFeed()
    }
    cursor.pendingWrap = false
    if cursor.column + columns > width {
      // A wide character at the last column: xterm and tmux move it to the next line, if they wrap at all.
      guard autowrap else { return }
      set(cursor.column, cursor.row, erased)
      cursor.column = 0
      lineFeed()
    }
    if insertMode { insertCharacters(columns) }
    set(cursor.column, cursor.row, ScreenCell(character: character, width: UInt8(columns), style: cursor.style))
    if columns == 2 {
      set(cursor.column + 1, cursor.row, ScreenCell(packedCharacter: .none, width: 0, style: cursor.style))
    }
    lastPrinted = character
    if cursor.column + columns >= width {
      cursor.column = width - 1
      cursor.pendingWrap = autowrap
    } else {
      cursor.column += columns
    }
  }

  /// A blank cell as erasing leaves it: the current background (as xterm and tmux erase), no attributes.
  var erased: ScreenCell {
    ScreenCell(packedCharacter: .space, width: 1, style: Style(background: cursor.style.background))
  }

  /// Keeps wide characters whole: writing over either half of one blanks the other half.
  mutating func set(_ column: Int, _ row: Int, _ cell: ScreenCell) {
    guard column >= 0, column < width, row >= 0, row < height else { return }
    let index = row * width + column
    let old = cells[index]
    if old.width == 2, column + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = ScreenCell(packedCharacter: .space, width: 1, style: old.style)
    }
    if old.isContinuation, column > 0, cells[index - 1].width == 2 {
      cells[index - 1] = ScreenCell(packedCharacter: .space, width: 1, style: cells[index - 1].style)
    }
    cells[index] = cell
  }

  /// After cells of a row moved or were erased: a wide character left without its other half becomes a blank.
  mutating func repairWideCharacters(row: Int) {
    let base = row * width
    for column in 0..<width {
      let cell = cells[base + column]
      let orphanLeft = cell.width == 2 && (column + 1 == width || !cells[base + column + 1].isContinuation)
      let orphanRight = cell.isContinuation && (column == 0 || cells[base + column - 1].width != 2)
      if orphanLeft || orphanRight {
        cells[base + column] = ScreenCell(packedCharacter: .space, width: 1, style: cell.style)
      }
    }
  }

  // MARK: Lines

  /// LF, IND: down a row, scrolling the region up at its bottom.
  mutating func lineFeed() {
    cursor.pendingWrap = false
    if cursor.row == bottom {
      scrollUp(1)
    } else if cursor.row < height - 1 {
      cursor.row += 1
    }
  }

  /// RI: up a row, scrolling the region down at its top.
  mutating func reverseIndex() {
    cursor.pendingWrap = false
    if cursor.row == top {
      scrollDown(1)
    } else if cursor.row > 0 {
      cursor.row -= 1
    }
  }

  /// Rows `from...through` move up `count`, blank rows coming in at the bottom.
  mutating func scrollUp(_ count: Int, from first: Int? = nil, through last: Int? = nil) {
    let (first, last) = (first ?? top, last ?? bottom)
    let count = min(count, last - first + 1)
    guard count > 0 else { return }
    let blank = erased
    for row in first...last {
      let source = row + count
      for column in 0..<width {
        cells[row * width + column] = source <= last ? cells[source * width + column] : blank
      }
    }
  }

  /// Rows `from...through` move down `count`, blank rows coming in at the top.
  mutating func scrollDown(_ count: Int, from first: Int? = nil, through last: Int? = nil) {
    let (first, last) = (first ?? top, last ?? bottom)
    let count = min(count, last - first + 1)
    guard count > 0 else { return }
    let blank = erased
    for row in stride(from: last, through: first, by: -1) {
      let source = row - count
      for column in 0..<width {
        cells[row * width + column] = source >= first ? cells[source * width + column] : blank
      }
    }
  }

  // MARK: Cells of a row

  /// Erases columns `start..<end` of `row`.
  mutating func erase(row: Int, from start: Int, to end: Int) {
    let (start, end) = (max(0, start), min(width, end))
    guard start < end, row >= 0, row < height else { return }
    let blank = erased
    for column in start..<end { cells[row * width + column] = blank }
    repairWideCharacters(row: row)
  }

  /// ICH: blanks at the cursor, the rest of the row moving right (and off the edge).
  mutating func insertCharacters(_ count: Int) {
    let base = cursor.row * width
    let count = min(count, width - cursor.column)
    let blank = erased
    for column in stride(from: width - 1, through: cursor.column, by: -1) {
      cells[base + column] = column - count >= cursor.column ? cells[base + column - count] : blank
    }
    repairWideCharacters(row: cursor.row)
  }

  /// DCH: the rest of the row moves left over the cursor's cells, blanks coming in at the right.
  mutating func deleteCharacters(_ count: Int) {
    let base = cursor.row * width
    let count = min(count, width - cursor.column)
    let blank = erased
    for column in cursor.column..<width {
      cells[base + column] = column + count < width ? cells[base + column + count] : blank
    }
    repairWideCharacters(row: cursor.row)
  }

  // MARK: Screens

  /// RIS: everything as it was at the start, both screens blank.
  mutating func reset() {
    self = TerminalEmulator(width: width, height: height)
  }

  /// Shows the alternate screen (`true`) or the main one.
  mutating func switchScreen(toAlternate alternate: Bool) {
    guard alternate != usingAlternateScreen else { return }
    swap(&cells, &hiddenCells)
    usingAlternateScreen = alternate
  }

  /// Blanks the whole screen shown.
  mutating func eraseScreen() {
    let blank = erased
    for index in cells.indices { cells[index] = blank }
  }

  mutating func saveCursor() {
    savedCursors[usingAlternateScreen ? 1 : 0] = cursor
  }

  mutating func restoreCursor() {
    cursor = savedCursors[usingAlternateScreen ? 1 : 0]
    clamp(&cursor)
  }
}

extension TerminalEmulator: EscapeSequenceActions {
  mutating func print(_ scalar: Unicode.Scalar) {
    let set = cursor.shifted ? 1 : 0
    if cursor.lineDrawing[set], let drawn = Self.lineDrawing(scalar) {
      pendingText.append(drawn)
    } else {
      pendingText.append(scalar)
    }
  }

  /// DEC special graphics: `q` a horizontal line, `x` a vertical one, `l` `k` `m` `j` corners, `n` a cross.
  static func lineDrawing(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard (0x5F...0x7E).contains(scalar.value) else { return nil }
    let table = Array(" ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·".unicodeScalars)
    return table[Int(scalar.value) - 0x5F]
  }
}
