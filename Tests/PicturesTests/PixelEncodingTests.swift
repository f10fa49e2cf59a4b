import Foundation
import Pictures
import Testing

/// Pictures in real pixels: the resampled box picture, sixel through libchafa, PNG for iTerm2.
@Suite("Pixel encodings")
struct PixelEncodingTests {
  private let blue: [UInt8] = [0x3A, 0x7B, 0xD5, 0xFF]

  private func flat(width: Int, height: Int, _ pixel: [UInt8]) -> PixelPicture {
    PixelPicture(width: width, height: height, pixels: Array(repeating: pixel, count: width * height).flatMap { $0 })
  }

  @Test("a thumbnail becomes exactly the box's pixels, cropped about its centre")
  func boxPixels() throws {
    // Left half red, right half green, 40×10: a 2×2-cell box of 5×10 px cells is 10×20, square-ish: the centre.
    var pixels: [UInt8] = []
    for _ in 0..<10 { for x in 0..<40 { pixels += x < 20 ? [255, 0, 0, 255] : [0, 255, 0, 255] } }
    let thumbnail = Thumbnail(width: 40, height: 10, sourceWidth: 40, sourceHeight: 10, pixels: pixels)
    let grid = try PictureRenderer.render(
      thumbnail, size: BoxSize(columns: 2, rows: 2), symbols: .half, colours: .direct,
      cellPixels: CellPixelSize(width: 5, height: 10)
    ).get()
    let picture = try #require(grid.pixels)
    #expect(picture.width == 10 && picture.height == 20)
    #expect(Array(picture.pixels[0..<4]) == [255, 0, 0, 255], "the left of the centre is red")
    #expect(Array(picture.pixels[36..<40]) == [0, 255, 0, 255], "the right of the centre is green")
    let plain = try PictureRenderer.render(
      thumbnail, size: BoxSize(columns: 2, rows: 2), symbols: .half, colours: .direct
    ).get()
    #expect(plain.pixels == nil, "no pixels unless asked for")
    #expect(picture.deflated == nil, "deflated only when asked for (kitty alone sends them so)")
    let deflated = try #require(
      PictureRenderer.render(
        thumbnail, size: BoxSize(columns: 2, rows: 2), symbols: .half, colours: .direct,
        cellPixels: CellPixelSize(width: 5, height: 10), deflatingPixels: true
      ).get().pixels)
    #expect(deflated.deflated == DeflatedPixels(rgba: deflated.pixels))
    #expect(deflated.pixels == picture.pixels)
  }

  @Test("sixel: one DCS string, the slice's raster size, the colour in a register to its 1 %, no dithering")
  func sixel() {
    let picture = flat(width: 16, height: 36, blue)  // 2×3 cells of 8×12
    let bytes = SixelEncoder.encode(picture, rows: 1..<3, cellPixels: CellPixelSize(width: 8, height: 12))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}P") && text.hasSuffix("\u{1B}\\"))
    #expect(text.contains("\"1;1;16;24"), "16 px wide, two 12 px rows")
    // 0x3A, 0x7B, 0xD5 in percent: 22.7, 48.2, 83.5. The encoder rounds each channel to a multiple of 4 (60,
    // 124, 212: 23.5, 48.6, 83.1) and chafa rounds down: 23, 48, 83, within the register's 1 % of the colour.
    #expect(text.contains(";2;23;48;83"))
    #expect(!text.dropFirst(2).dropLast(2).contains("\u{1B}"), "nothing but the one string")
  }

  @Test("PNG: a file the decoder reads back to the same pixels")
  func pngRoundTrip() throws {
    var pixels: [UInt8] = []
    for y in 0..<7 { for x in 0..<9 { pixels += [UInt8(x * 20), UInt8(y * 30), 0x3A, 0xFF] } }
    let png = PNGEncoder.encode(width: 9, height: 7, rgba: pixels[...])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let decoded = try PictureDecoder.decode(path: file.path, covering: (9, 7)).get()
    #expect(decoded.width == 9 && decoded.height == 7)
    #expect(decoded.pixels == pixels)
  }

  @Test("each picture has its own id")
  func identity() {
    let first = flat(width: 1, height: 1, blue)
    let second = flat(width: 1, height: 1, blue)
    #expect(first != second && first == first)
  }
}
