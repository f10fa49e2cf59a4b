import Foundation
import Pictures
import Testing
import WaterfallViewer

@testable import WaterfallTerminal

/// Each adapter's painter as the presenter gets it from a setup: what it writes to show a picture (its encoding
/// and placement), to take it away when it leaves (its erasing) and on quitting.
@Suite("Each picture adapter's bytes")
struct GraphicsAdapterTests {
  private let cell = CellPixelSize(width: 2, height: 4)

  private func painter(_ graphics: GraphicsProtocol, tmuxPane: GraphicsSetup.TmuxPane? = nil) throws -> any PixelPainter
  {
    let setup = GraphicsSetup(graphics: graphics, cellPixels: cell, tmuxPane: tmuxPane)
    return try #require(graphics.adapter.painter(for: setup))
  }

  /// A 3×2-cell picture at column 2, row 1; then the same screen without it.
  private var shown: Screen {
    screen(with: [(flatPicture(columns: 3, rows: 2, cell: cell), id: 7, x: 2, y: 1, rows: 0..<2, total: 2)])
  }
  private let empty = Screen(width: 20, height: 10)

  @Test("kitty: sent once as deflated RGB, placed at its box; deleted by image when it leaves; all freed on quitting")
  func kitty() throws {
    let painter = try painter(.kitty)
    let first = paint(painter, shown)
    #expect(text(first.before).hasPrefix("⎋[?2026h⎋_Ga=t,f=24,o=z,s=6,v=8,i=1,q=2,m=0;"))
    #expect(text(first.after) == "⎋7⎋[2;3H⎋_Ga=p,i=1,c=3,r=2,C=1,z=1,q=2⎋\\⎋8⎋[?2026l")
    #expect(text(paint(painter, empty).before) == "⎋[?2026h⎋_Ga=d,d=i,i=1,q=2⎋\\")
    #expect(text(painter.removeAll()) == "⎋_Ga=d,d=A,q=2⎋\\")
  }

  @Test("kitty in a tmux pane: each command through passthrough, placed at the pane's corner")
  func kittyInTmux() throws {
    let painter = try painter(.kitty, tmuxPane: GraphicsSetup.TmuxPane(x: 41, y: 2))
    let after = text(paint(painter, shown).after)
    #expect(after.hasPrefix("⎋Ptmux;⎋⎋7⎋\\⎋Ptmux;⎋⎋[4;44H⎋⎋_Ga=p,i=1,c=3,r=2,"))
    #expect(text(painter.removeAll()) == "⎋Ptmux;⎋⎋_Ga=d,d=A,q=2⎋⎋\\⎋\\")
  }

  @Test("sixel: one DCS sixel string of the box's pixels at its corner after the text; erased by ECH cell runs")
  func sixel() throws {
    let painter = try painter(.sixel)
    let first = paint(painter, shown)
    #expect(text(first.before) == "⎋[?2026h")
    let after = text(first.after)
    #expect(after.hasPrefix("⎋7⎋[2;3H⎋P"), "\(after.prefix(40))")
    #expect(after.contains("q\"1;1;6;"), "the raster: the box's 6 px wide (high in whole sixel bands)")
    // #3A7BD5 in percent; its red rounded to a multiple of 4 before libchafa looks for its palette entry.
    #expect(after.contains(";2;23;48;83"), "the picture's blue in a register")
    #expect(after.hasSuffix("⎋\\⎋8⎋[?2026l"))
    let leaving = paint(painter, empty)
    #expect(text(leaving.before) == "⎋[?2026h⎋7⎋[0m⎋[2;3H⎋[3X⎋[3;3H⎋[3X⎋8")
    #expect(painter.removeAll().isEmpty, "nothing is left to erase")
  }

  @Test("iTerm2: an OSC 1337 PNG stretched over the box's 3×2 cells at its corner; erased by ECH cell runs")
  func iterm2() throws {
    let painter = try painter(.iterm2)
    let after = text(paint(painter, shown).after)
    #expect(after.hasPrefix("⎋7⎋[2;3H⎋]1337;File=inline=1;size="))
    #expect(after.contains(";width=3;height=2;preserveAspectRatio=0;doNotMoveCursor=1:"))
    #expect(after.hasSuffix("\u{07}⎋8⎋[?2026l"))
    _ = paint(painter, shown)
    #expect(text(painter.removeAll()) == "⎋7⎋[0m⎋[2;3H⎋[3X⎋[3;3H⎋[3X⎋8")
  }

  @Test("iTerm2's encoding: the slice as a base64 PNG of its rows, its size said, the cursor left where it was")
  func iterm2Encoding() throws {
    let cell = CellPixelSize(width: 2, height: 3)
    let picture = flatPicture(columns: 3, rows: 2, cell: cell)
    let bytes = ITerm2Adapter.encode(picture, rows: 1..<2, cellPixels: cell)
    let text = String(decoding: bytes, as: UTF8.self)
    let header = "\u{1B}]1337;File=inline=1;size="
    #expect(text.hasPrefix(header) && text.hasSuffix("\u{07}"))
    #expect(text.contains(";width=3;height=1;preserveAspectRatio=0;doNotMoveCursor=1:"))
    let payload = try #require(text.split(separator: ":").last?.dropLast())
    let png = try #require(Data(base64Encoded: String(payload)))
    #expect(text.contains("size=\(png.count);"))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR: 6 px wide, one row of 3 px.
    #expect(Array(png[16..<24]) == [0, 0, 0, 6, 0, 0, 0, 3])
  }

  @Test("symbols: no painter; the picture cells are the screen's own text, which curses writes and erases")
  func symbols() {
    let setup = GraphicsSetup(graphics: .symbols, cellPixels: cell)
    #expect(GraphicsProtocol.symbols.adapter.painter(for: setup) == nil)
  }
}
