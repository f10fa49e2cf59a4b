import Pictures
import WaterfallViewer

/// Sixel and iTerm2 pictures: the terminal paints the pixels into the cells themselves, and text written there
/// later replaces them cell by cell. So a picture is encoded once per picture and visible slice (cached), drawn
/// after curses has drawn the frame's text, and the text over it (a price) is written again on top; a picture
/// that leaves or moves has its old cells erased before curses draws, so nothing is left behind.
final class CellImagePainter: PixelPainter {
  /// Encodes rows `rows` of a picture for the terminal.
  typealias Encoder = (_ picture: PixelPicture, _ rows: Range<Int>, _ cellPixels: CellPixelSize) -> [UInt8]

  private struct Drawn: Equatable {
    var picture: ScreenPicture
    /// Cells inside it that hold text drawn over the picture, as `y * width + x`.
    var textCells: Set<Int>
  }

  private struct SliceKey: Hashable {
    var picture: UInt64
    var firstRow: Int
    var shownRows: Int
  }

  private let encode: Encoder
  private var cellPixels: CellPixelSize
  private let synchronized: Bool
  private var drawn: [Int: Drawn] = [:]
  private var slices: [SliceKey: (bytes: [UInt8], lastUsed: UInt64)] = [:]
  private var sliceBytes = 0
  private let sliceMemoryLimit: Int
  private var frame: UInt64 = 0
  /// The width of the last frame, by which cells are numbered.
  private var width = 0

  init(
    cellPixels: CellPixelSize, synchronized: Bool = true, sliceMemoryLimit: Int = 32 << 20,
    encode: @escaping Encoder
  ) {
    self.cellPixels = cellPixels
    self.synchronized = synchronized
    self.sliceMemoryLimit = sliceMemoryLimit
    self.encode = encode
  }

  func forgetTerminal() { drawn.removeAll() }

  /// New cells (a font change): slices are cut at the new row height, and none made at the old one is used.
  func terminalChanged(tmuxPane: GraphicsSetup.TmuxPane?, cellPixels: CellPixelSize) {
    guard cellPixels != self.cellPixels else { return }
    self.cellPixels = cellPixels
    slices.removeAll()
    sliceBytes = 0
    drawn.removeAll()
  }

  func paint(_ shown: [ScreenPicture], screen: Screen, textChanges: [ScreenChange]) -> PaintBytes {
    frame += 1
    if screen.width != width { drawn.removeAll() }
    width = screen.width
    let wanted = Dictionary(
      shown.map { picture in
        (
          picture.id,
          Drawn(picture: picture, textCells: textCells(of: picture, in: screen))
        )
      }, uniquingKeysWith: { first, _ in first })
    let written = Set(textChanges.map { $0.y * screen.width + $0.x })
    var before: [UInt8] = []
    for (id, old) in drawn.sorted(by: { $0.key < $1.key }) where wanted[id] != old {
      before += erase(old, width: screen.width)
      drawn[id] = nil
    }
    var after: [UInt8] = []
    for picture in shown {
      guard let want = wanted[picture.id] else { continue }
      let overwritten = cells(of: want, width: screen.width).contains { written.contains($0) }
      if drawn[picture.id] == want && !overwritten { continue }
      after += TerminalEscapes.cursor(x: picture.x, y: picture.y)
      let slice = encoded(picture)
      after += slice
      for index in want.textCells.sorted() {
        let cell = screen[index % screen.width, index / screen.width]
        guard let character = cell.character else { continue }
        after += TerminalEscapes.cursor(x: index % screen.width, y: index / screen.width)
        after += Array("\u{1B}[\(cell.style.sgrParameters)m\(character)".utf8)
      }
      drawn[picture.id] = want
    }
    if !before.isEmpty {
      before = TerminalEscapes.saveCursor + Array("\u{1B}[0m".utf8) + before + TerminalEscapes.restoreCursor
    }
    if !after.isEmpty { after = TerminalEscapes.saveCursor + after + TerminalEscapes.restoreCursor }
    if synchronized && !(before.isEmpty && after.isEmpty) {
      before = TerminalEscapes.beginSynchronized + before
      after += TerminalEscapes.endSynchronized
    }
    return PaintBytes(before: before, after: after)
  }

  func removeAll() -> [UInt8] {
    defer { drawn.removeAll() }
    let erased = drawn.sorted(by: { $0.key < $1.key }).flatMap { erase($0.value, width: width) }
    guard !erased.isEmpty else { return [] }
    return TerminalEscapes.saveCursor + Array("\u{1B}[0m".utf8) + erased + TerminalEscapes.restoreCursor
  }

  /// The cells of `picture` that hold text drawn over it (not picture cells).
  private func textCells(of picture: ScreenPicture, in screen: Screen) -> Set<Int> {
    var cells = Set<Int>()
    for y in max(0, picture.y)..<min(screen.height, picture.y + picture.shownRows) {
      for x in max(0, picture.x)..<min(screen.width, picture.x + picture.columns) where !screen[x, y].isPicture {
        cells.insert(y * screen.width + x)
      }
    }
    return cells
  }

  private func cells(of drawn: Drawn, width: Int) -> [Int] {
    let picture = drawn.picture
    return (picture.y..<picture.y + picture.shownRows).flatMap { y in
      (picture.x..<picture.x + picture.columns).map { y * width + $0 }
    }
  }

  /// Erases the picture cells of `old` (its text cells stay: curses put them there and knows them).
  private func erase(_ drawn: Drawn, width: Int) -> [UInt8] {
    var out: [UInt8] = []
    let (old, textCells) = (drawn.picture, drawn.textCells)
    for y in old.y..<old.y + old.shownRows {
      var x = old.x
      while x < old.x + old.columns {
        guard !textCells.contains(y * width + x) else {
          x += 1
          continue
        }
        var end = x
        while end < old.x + old.columns, !textCells.contains(y * width + end) { end += 1 }
        out += TerminalEscapes.cursor(x: x, y: y) + Array("\u{1B}[\(end - x)X".utf8)
        x = end
      }
    }
    return out
  }

  private func encoded(_ picture: ScreenPicture) -> [UInt8] {
    let key = SliceKey(picture: picture.picture.id, firstRow: picture.firstRow, shownRows: picture.shownRows)
    if let cached = slices[key] {
      slices[key]?.lastUsed = frame
      return cached.bytes
    }
    let bytes = encode(picture.picture, picture.firstRow..<picture.firstRow + picture.shownRows, cellPixels)
    slices[key] = (bytes, frame)
    sliceBytes += bytes.count
    for (old, slice) in slices.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
      guard sliceBytes > sliceMemoryLimit else { break }
      if old == key { continue }
      slices[old] = nil
      sliceBytes -= slice.bytes.count
    }
    return bytes
  }
}
