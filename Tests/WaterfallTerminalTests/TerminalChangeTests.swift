import Pictures
import Testing
import WaterfallViewer

@testable import WaterfallTerminal

/// What a resize reads again reaches the painters: a tmux pane that moved has its pictures placed at its new
/// corner, new cells have pictures cut at the new row height. And a cell size no terminal has is never taken.
@Suite("The terminal changing under the pane")
struct TerminalChangeTests {
  private let cell = CellPixelSize(width: 2, height: 4)

  @Test("kitty in a tmux pane that moved: the placements are deleted and placed again at the new corner")
  func kittyFollowsThePane() {
    let picture = flatPicture(columns: 1, rows: 1, cell: cell)
    let painter = KittyPainter(tmuxPane: (x: 0, y: 0))
    let frame = screen(with: [(picture, id: 1, x: 4, y: 3, rows: 0..<1, total: 1)])
    #expect(text(paint(painter, frame).after).contains("⎋⎋[4;5H"))
    #expect(paint(painter, frame) == PaintBytes(), "nothing changed, nothing sent")
    painter.terminalChanged(tmuxPane: GraphicsSetup.TmuxPane(x: 0, y: 0), cellPixels: cell)
    #expect(paint(painter, frame) == PaintBytes(), "the same corner read again changes nothing")
    painter.terminalChanged(tmuxPane: GraphicsSetup.TmuxPane(x: 41, y: 2), cellPixels: cell)
    let moved = paint(painter, frame)
    #expect(text(moved.before).contains("a=d,d=i,i=1,q=2"), "the old placement goes")
    #expect(text(moved.after).contains("⎋⎋[6;46H⎋⎋_Ga=p,i=1,"), "placed at the new corner: \(text(moved.after))")
    #expect(!text(moved.before).contains("a=t"), "the picture is not sent again")
    painter.terminalChanged(tmuxPane: nil, cellPixels: cell)
    #expect(paint(painter, frame) == PaintBytes(), "a corner tmux did not say keeps the last")
  }

  @Test("sixel or iTerm2 after a font change: the picture is encoded again at the new cell size")
  func cellImagesFollowTheCells() {
    final class Log: @unchecked Sendable { var cells: [CellPixelSize] = [] }
    let log = Log()
    let painter = CellImagePainter(cellPixels: cell) { _, rows, cellPixels in
      log.cells.append(cellPixels)
      return Array("<IMG \(rows.lowerBound)-\(rows.upperBound)>".utf8)
    }
    let frame = screen(with: [(flatPicture(columns: 2, rows: 2, cell: cell), id: 1, x: 1, y: 1, rows: 0..<2, total: 2)])
    _ = paint(painter, frame)
    painter.terminalChanged(tmuxPane: nil, cellPixels: cell)
    #expect(paint(painter, frame).after.isEmpty, "the same cells: nothing drawn again")
    let larger = CellPixelSize(width: 3, height: 6)
    painter.terminalChanged(tmuxPane: nil, cellPixels: larger)
    #expect(String(decoding: paint(painter, frame).after, as: UTF8.self).contains("<IMG 0-2>"))
    #expect(log.cells == [cell, larger])
  }

  @Test("a cell size outside sane bounds, answered or from the window's size, is ignored")
  func insaneCellSizes() {
    var parser = TerminalReplyParser()
    _ = parser.feed(Array("\u{1B}[6;1000;1000t".utf8))
    #expect(parser.replies.cellPixels == nil)
    var sane = TerminalReplyParser()
    _ = sane.feed(Array("\u{1B}[6;36;18t".utf8))
    #expect(sane.replies.cellPixels == CellPixelSize(width: 18, height: 36))
    for insane in [CellPixelSize(width: 1, height: 16), CellPixelSize(width: 8, height: 900)] {
      let setup = GraphicsChooser.choose(
        .named(.kitty), replies: TerminalReplies(cellPixels: insane), environment: [:], windowCellPixels: insane,
        tmuxPane: nil)
      #expect(setup.cellPixels == CellPixelSize(width: 8, height: 16), "\(insane): the default, not the report")
    }
    let window = GraphicsChooser.choose(
      .named(.kitty), replies: TerminalReplies(cellPixels: CellPixelSize(width: 500, height: 1000)), environment: [:],
      windowCellPixels: CellPixelSize(width: 10, height: 20), tmuxPane: nil)
    #expect(window.cellPixels == CellPixelSize(width: 10, height: 20), "the next source when the answer is insane")
  }
}
