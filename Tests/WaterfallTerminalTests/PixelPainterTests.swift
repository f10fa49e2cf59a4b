import CZlib
import Foundation
import Pictures
import Testing
import WaterfallViewer

@testable import WaterfallTerminal

/// What `painter` writes for `frame`: its pictures as the presenter hands them over, no text changed.
func paint(_ painter: any PixelPainter, _ frame: Screen) -> PaintBytes {
  painter.paint(painter.drawable(frame.pictures, in: frame), screen: frame, textChanges: [])
}

/// Pictures on a small screen: what a frame of them looks like to the painters.
func flatPicture(
  columns: Int, rows: Int, cell: CellPixelSize, colour: [UInt8] = [0x3A, 0x7B, 0xD5, 0xFF]
)
  -> PixelPicture
{
  let (width, height) = cell.pixels(of: BoxSize(columns: columns, rows: rows))
  return PixelPicture(
    width: width, height: height, pixels: Array(repeating: colour, count: width * height).flatMap { $0 })
}

func screen(
  width: Int = 20, height: Int = 10,
  with pictures: [(PixelPicture, id: Int, x: Int, y: Int, rows: Range<Int>, total: Int)]
) -> Screen {
  var screen = Screen(width: width, height: height)
  for (picture, id, x, y, rows, total) in pictures {
    let columns = picture.width / 2
    for (offset, row) in rows.enumerated() {
      for column in 0..<columns {
        screen.put(pictureCharacter: "▀", x: x + column, y: y + offset, style: Style(foreground: .palette(33)))
      }
      screen.addPictureRow(picture, id: id, row: row, rows: total, x: x, y: y + offset, columns: columns)
    }
  }
  return screen
}

func text(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋")
}

/// What a zlib stream inflates to (`expected` bytes at most).
private func inflated(_ stream: [UInt8], expected: Int) -> [UInt8] {
  var length = uLong(expected)
  var output = [UInt8](repeating: 0, count: max(1, expected))
  let status = output.withUnsafeMutableBufferPointer { target in
    stream.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
  }
  return status == Z_OK ? Array(output.prefix(Int(length))) : []
}

/// The payload of a transmission's chunks, joined and decoded from base64.
private func transmitted(_ stream: String) -> (keys: String, bytes: [UInt8]) {
  let sends = stream.components(separatedBy: "⎋_G").dropFirst().filter { $0.hasPrefix("a=t") || $0.hasPrefix("m=") }
  let payload = sends.map { $0.split(separator: ";", maxSplits: 1)[1].prefix { $0 != "⎋" } }.joined()
  let keys = sends.first.map { String($0.prefix { $0 != ";" }) } ?? ""
  return (keys, Array(Data(base64Encoded: String(payload)) ?? Data()))
}

/// Pixels that do not compress: a seeded generator's bytes, opaque.
private func noisePicture(width: Int, height: Int) -> PixelPicture {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  var pixels: [UInt8] = []
  for _ in 0..<width * height {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    pixels += [UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48)]
    pixels += [UInt8(truncatingIfNeeded: state >> 40), 255]
  }
  return PixelPicture(width: width, height: height, pixels: pixels)
}

@Suite("kitty graphics: the escape stream")
struct KittyPainterTests {
  private let cell = CellPixelSize(width: 2, height: 4)

  @Test(
    "a picture is sent once, deflated, quietly, before the text; placed at its box after it; one synchronized update")
  func sendAndPlace() {
    let picture = flatPicture(columns: 3, rows: 2, cell: cell)  // 6×8 px
    let painter = KittyPainter()
    let frame = screen(with: [(picture, id: 7, x: 2, y: 1, rows: 0..<2, total: 2)])
    let bytes = paint(painter, frame)
    let deflated = DeflatedPixels(rgba: picture.pixels)
    let payload = Data(deflated.bytes).base64EncodedString()
    #expect(text(bytes.before) == "⎋[?2026h⎋_Ga=t,f=24,o=z,s=6,v=8,i=1,q=2,m=0;\(payload)⎋\\")
    #expect(text(bytes.after) == "⎋7⎋[2;3H⎋_Ga=p,i=1,c=3,r=2,C=1,z=1,q=2⎋\\⎋8⎋[?2026l")
    let rgb = [UInt8]((0..<6 * 8).map { _ in [0x3A, 0x7B, 0xD5] }.joined())
    #expect(inflated(deflated.bytes, expected: rgb.count) == rgb, "opaque pixels travel as RGB")
    // The same frame again writes nothing.
    #expect(paint(painter, frame) == PaintBytes())
  }

  @Test("a picture with transparent pixels travels as RGBA (f=32), deflated")
  func transparentAsRGBA() {
    let picture = flatPicture(columns: 2, rows: 1, cell: cell, colour: [10, 20, 30, 128])
    let painter = KittyPainter()
    let sent = transmitted(
      text(paint(painter, screen(with: [(picture, id: 1, x: 0, y: 0, rows: 0..<1, total: 1)])).before))
    #expect(sent.keys == "a=t,f=32,o=z,s=4,v=4,i=1,q=2,m=0")
    #expect(inflated(sent.bytes, expected: picture.pixels.count) == picture.pixels)
  }

  @Test("a picture larger than a chunk goes in 4096-byte pieces, m=1 until the last, and inflates to its pixels")
  func chunks() {
    let picture = noisePicture(width: 80, height: 40)  // 9600 bytes of RGB that do not compress
    let painter = KittyPainter()
    let frame = screen(width: 50, height: 12, with: [(picture, id: 1, x: 0, y: 0, rows: 0..<10, total: 10)])
    let out = text(paint(painter, frame).before)
    let sends = out.components(separatedBy: "⎋_G").dropFirst()
    #expect(sends.count == 4)
    #expect(sends.first?.hasPrefix("a=t,f=24,o=z,s=80,v=40,i=1,q=2,m=1;") == true)
    #expect(sends.dropFirst().dropLast().allSatisfy { $0.hasPrefix("m=1,q=2;") })
    #expect(sends.last?.hasPrefix("m=0,q=2;") == true)
    #expect(sends.dropLast().allSatisfy { $0.split(separator: ";", maxSplits: 1)[1].count == 4096 + 2 })
    let rgb = [UInt8](stride(from: 0, to: picture.pixels.count, by: 4).map { picture.pixels[$0..<$0 + 3] }.joined())
    #expect(inflated(transmitted(out).bytes, expected: rgb.count) == rgb, "the chunks inflate to the pixels")
  }

  @Test("scrolling one row costs placements, not pictures: a partly visible box shows its rows by source rectangle")
  func scrollCrops() {
    let picture = flatPicture(columns: 3, rows: 4, cell: cell)  // 6×16
    let painter = KittyPainter()
    _ = paint(painter, screen(with: [(picture, id: 3, x: 1, y: 0, rows: 0..<4, total: 4)]))
    // One row up: the top row is off the screen. The old placement goes before the text, the new one after.
    let second = paint(painter, screen(with: [(picture, id: 3, x: 1, y: 0, rows: 1..<4, total: 4)]))
    #expect(text(second.before) == "⎋[?2026h⎋_Ga=d,d=i,i=1,q=2⎋\\")
    #expect(text(second.after) == "⎋7⎋[1;2H⎋_Ga=p,i=1,y=4,h=12,c=3,r=3,C=1,z=1,q=2⎋\\⎋8⎋[?2026l")
  }

  @Test("rows with text over the picture (a price) stay symbols: the placement stops above them")
  func priceRowStaysSymbols() {
    let picture = flatPicture(columns: 3, rows: 4, cell: cell)
    var frame = screen(with: [(picture, id: 3, x: 1, y: 2, rows: 0..<4, total: 4)])
    frame.put("$1", x: 1, y: 5)
    let painter = KittyPainter()
    let drawn = painter.drawable(frame.pictures, in: frame)
    #expect(drawn.map { [$0.y, $0.firstRow, $0.shownRows] } == [[2, 0, 3]])
    #expect(text(paint(painter, frame).after).contains("a=p,i=1,h=12,c=3,r=3,"))
  }

  @Test("a box that left takes its placement with it; its image stays for when it comes back")
  func deleteLeaving() {
    let picture = flatPicture(columns: 2, rows: 1, cell: cell)
    let painter = KittyPainter()
    let shown = screen(with: [(picture, id: 5, x: 0, y: 2, rows: 0..<1, total: 1)])
    _ = paint(painter, shown)
    let empty = Screen(width: 20, height: 10)
    let leaving = paint(painter, empty)
    #expect(text(leaving.before) == "⎋[?2026h⎋_Ga=d,d=i,i=1,q=2⎋\\")
    #expect(text(leaving.after) == "⎋[?2026l")
    #expect(paint(painter, empty) == PaintBytes())
    let back = paint(painter, shown)
    #expect(!text(back.before).contains("a=t"), "the image is still in the terminal")
    #expect(text(back.after).contains("a=p,i=1,c=2,r=1,"))
  }

  @Test("images beyond the memory bound are freed, least recently used first, never one on screen")
  func eviction() {
    let painter = KittyPainter(memoryLimit: 200)
    let pictures = (0..<3).map { _ in flatPicture(columns: 2, rows: 2, cell: cell) }  // 4×8×4 = 128 bytes each
    var out = ""
    for (index, picture) in pictures.enumerated() {
      out = text(paint(painter, screen(with: [(picture, id: index, x: 0, y: 0, rows: 0..<2, total: 2)])).before)
    }
    #expect(out.contains("a=d,d=I,i=2,q=2"), "the image before the one on screen goes (the first went already)")
    #expect(!out.contains("d=I,i=3"))
  }

  @Test("after the terminal was cleared every image's placements go and are placed again; leaving frees all")
  func forgetAndLeave() {
    let picture = flatPicture(columns: 2, rows: 1, cell: cell)
    let painter = KittyPainter()
    let frame = screen(with: [(picture, id: 1, x: 0, y: 0, rows: 0..<1, total: 1)])
    _ = paint(painter, frame)
    painter.forgetTerminal()
    let again = paint(painter, frame)
    #expect(text(again.before) == "⎋[?2026h⎋_Ga=d,d=i,i=1,q=2⎋\\")
    #expect(text(again.after).contains("a=p,i=1,c=2,r=1,"))
    #expect(text(painter.removeAll()) == "⎋_Ga=d,d=A,q=2⎋\\")
  }

  @Test("inside tmux each command goes through passthrough on its own, Escs doubled, placed at the pane's corner")
  func tmuxPassthrough() {
    let picture = flatPicture(columns: 1, rows: 1, cell: cell)
    let painter = KittyPainter(tmuxPane: (x: 41, y: 2))
    let frame = screen(with: [(picture, id: 1, x: 4, y: 3, rows: 0..<1, total: 1)])
    let bytes = paint(painter, frame)
    #expect(text(bytes.before).hasPrefix("⎋Ptmux;⎋⎋[?2026h⎋\\⎋Ptmux;⎋⎋_Ga=t,"))
    #expect(
      text(bytes.after)
        == "⎋Ptmux;⎋⎋7⎋\\⎋Ptmux;⎋⎋[6;46H⎋⎋_Ga=p,i=1,c=1,r=1,C=1,z=1,q=2⎋⎋\\⎋\\⎋Ptmux;⎋⎋8⎋⎋[?2026l⎋\\")
    #expect(text(painter.removeAll()) == "⎋Ptmux;⎋⎋_Ga=d,d=A,q=2⎋⎋\\⎋\\")
  }

  @Test("inside tmux a frame of new pictures over 1 MB goes in passthrough sequences of one chunk each")
  func tmuxPassthroughStaysShort() {
    // tmux 3.3 drops a passthrough sequence over about 1 MB: 16 pictures that do not compress make 1.6 MB.
    let painter = KittyPainter(tmuxPane: (x: 0, y: 0))
    let pictures = (0..<16).map { _ in noisePicture(width: 160, height: 160) }
    let frame = screen(
      width: 400, height: 200,
      with: pictures.enumerated().map { (index, picture) in
        (picture, id: index, x: index % 4 * 90, y: index / 4 * 45, rows: 0..<40, total: 40)
      })
    let bytes = paint(painter, frame)
    #expect(bytes.before.count > 1_500_000)
    let sequences = text(bytes.before).components(separatedBy: "⎋Ptmux;").dropFirst()
    #expect(sequences.allSatisfy { $0.utf8.count < 4096 + 200 }, "no passthrough sequence longer than a chunk")
    #expect(text(bytes.after).components(separatedBy: "a=p,").count == 17, "every picture placed")
  }
}

@Suite("sixel and iTerm2: pictures painted into cells")
struct CellImagePainterTests {
  private let cell = CellPixelSize(width: 2, height: 4)

  /// A stand-in encoder that names what it encodes, so the stream is readable.
  private func painter(synchronized: Bool = true) -> (CellImagePainter, () -> [String]) {
    final class Log: @unchecked Sendable { var calls: [String] = [] }
    let log = Log()
    let painter = CellImagePainter(cellPixels: cell, synchronized: synchronized) { picture, rows, _ in
      log.calls.append("\(picture.width)x\(picture.height)[\(rows.lowerBound)..<\(rows.upperBound)]")
      return Array("<IMG \(rows.lowerBound)-\(rows.upperBound)>".utf8)
    }
    return (painter, { log.calls })
  }

  @Test("drawn after the text, the price over it written again on top, in a synchronized update")
  func drawWithPrice() {
    let picture = flatPicture(columns: 4, rows: 2, cell: cell)
    var frame = screen(with: [(picture, id: 1, x: 1, y: 1, rows: 0..<2, total: 2)])
    frame.put("$5", x: 1, y: 2, style: Style(foreground: .black, background: .yellow))
    let (painter, calls) = painter()
    let bytes = painter.paint(frame.pictures, screen: frame, textChanges: [])
    #expect(text(bytes.before) == "⎋[?2026h")
    #expect(
      text(bytes.after)
        == "⎋7⎋[2;2H<IMG 0-2>⎋[3;2H⎋[0;30;43m$⎋[3;3H⎋[0;30;43m5⎋8⎋[?2026l")
    #expect(calls() == ["8x8[0..<2]"])
    #expect(painter.paint(frame.pictures, screen: frame, textChanges: []) == PaintBytes(), "nothing changed")
  }

  @Test("a picture that moves is erased where it was (not its price: curses knows that cell) and drawn anew")
  func moveErases() {
    let picture = flatPicture(columns: 3, rows: 2, cell: cell)
    var first = screen(with: [(picture, id: 1, x: 0, y: 2, rows: 0..<2, total: 2)])
    first.put("$", x: 0, y: 3)
    let (painter, calls) = painter(synchronized: false)
    _ = painter.paint(first.pictures, screen: first, textChanges: [])
    let second = screen(with: [(picture, id: 1, x: 0, y: 1, rows: 0..<2, total: 2)])
    let bytes = painter.paint(second.pictures, screen: second, textChanges: [])
    #expect(text(bytes.before) == "⎋7⎋[0m⎋[3;1H⎋[3X⎋[4;2H⎋[2X⎋8")
    #expect(text(bytes.after) == "⎋7⎋[2;1H<IMG 0-2>⎋8")
    #expect(calls() == ["6x8[0..<2]"], "the same slice is encoded once")
  }

  @Test("each visible slice is encoded once and kept; a box scrolled off leaves nothing; leaving erases all")
  func slicesAndLeaving() {
    let picture = flatPicture(columns: 2, rows: 3, cell: cell)
    let (painter, calls) = painter(synchronized: false)
    for rows in [0..<3, 1..<3, 0..<3, 1..<3] {
      let frame = screen(with: [(picture, id: 2, x: 0, y: 0, rows: rows, total: 3)])
      _ = painter.paint(frame.pictures, screen: frame, textChanges: [])
    }
    #expect(calls() == ["4x12[0..<3]", "4x12[1..<3]"])
    let gone = painter.paint([], screen: Screen(width: 20, height: 10), textChanges: [])
    #expect(text(gone.before) == "⎋7⎋[0m⎋[1;1H⎋[2X⎋[2;1H⎋[2X⎋8")
    #expect(gone.after.isEmpty)
    #expect(painter.removeAll().isEmpty, "nothing is left to erase")
  }

  @Test("text curses writes into a picture's cells means the picture is drawn again over it")
  func overwrittenRedraws() {
    let picture = flatPicture(columns: 2, rows: 1, cell: cell)
    let frame = screen(with: [(picture, id: 1, x: 0, y: 0, rows: 0..<1, total: 1)])
    let (painter, _) = painter(synchronized: false)
    _ = painter.paint(frame.pictures, screen: frame, textChanges: [])
    let change = ScreenChange(x: 1, y: 0, cell: .blank)
    #expect(text(painter.paint(frame.pictures, screen: frame, textChanges: [change]).after) == "⎋7⎋[1;1H<IMG 0-1>⎋8")
  }
}
