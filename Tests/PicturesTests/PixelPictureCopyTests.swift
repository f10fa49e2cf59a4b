import CZlib
import Pictures
import Testing

/// A pixel picture whose thumbnail is already the box's pixel size (the decoder's own resample made it so): the
/// box's pixels are the thumbnail's, not a second resample of them, and kitty's deflated copy inflates back to them.
@Suite("Pixel pictures at the thumbnail's size")
struct PixelPictureCopyTests {
  /// A 20×30 thumbnail whose every pixel differs from its neighbours (a second filter would blur them).
  private func thumbnail() -> Thumbnail {
    var pixels: [UInt8] = []
    for y in 0..<30 {
      for x in 0..<20 { pixels += [UInt8(x * 12), UInt8(y * 8), UInt8((x * 7 + y * 13) & 0xFF), 255] }
    }
    return Thumbnail(width: 20, height: 30, sourceWidth: 20, sourceHeight: 30, pixels: pixels)
  }

  @Test("a thumbnail as wide as the box gives the box its centre rows, pixel for pixel")
  func centreRowsExactly() throws {
    let thumbnail = thumbnail()
    // 2×2 cells of 10×10 px: 20×20, the middle 20 of the thumbnail's 30 rows (5 to 24).
    let picture = try #require(
      PictureRenderer.render(
        thumbnail, size: BoxSize(columns: 2, rows: 2), symbols: .half, colours: .direct,
        cellPixels: CellPixelSize(width: 10, height: 10)
      ).get().pixels)
    #expect(picture.width == 20 && picture.height == 20)
    #expect(picture.pixels == Array(thumbnail.pixels[(5 * 20 * 4)..<(25 * 20 * 4)]))
  }

  @Test("the deflated pixels inflate to the picture's RGB")
  func deflatedRoundTrip() throws {
    let picture = try #require(
      PictureRenderer.render(
        thumbnail(), size: BoxSize(columns: 2, rows: 2), symbols: .half, colours: .direct,
        cellPixels: CellPixelSize(width: 10, height: 10), deflatingPixels: true
      ).get().pixels)
    let deflated = try #require(picture.deflated)
    #expect(deflated.channels == 3, "every pixel is opaque")
    var inflated = [UInt8](repeating: 0, count: 20 * 20 * 3)
    var length = uLongf(inflated.count)
    let status = inflated.withUnsafeMutableBufferPointer { target in
      deflated.bytes.withUnsafeBufferPointer {
        uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count))
      }
    }
    #expect(status == Z_OK && Int(length) == inflated.count)
    let rgb = stride(from: 0, to: picture.pixels.count, by: 4).flatMap { picture.pixels[$0..<$0 + 3] }
    #expect(inflated == rgb)
  }
}
