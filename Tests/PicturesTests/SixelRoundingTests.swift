import Foundation
import Testing

@testable import Pictures

/// The sixel encoder hands libchafa colours rounded to 64 levels a channel (its palette search is then run for far
/// fewer distinct colours): what a terminal paints must stay as close to the picture as the exact colours gave.
@Suite("Sixel rounding")
struct SixelRoundingTests {
  /// A photo-like picture: smooth gradients with a fine, deterministic grain.
  private func photoLike(width: Int, height: Int) -> PixelPicture {
    var seed: UInt32 = 12345
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        seed = seed &* 1_664_525 &+ 1_013_904_223
        let grain = Int(seed >> 28) - 8
        let red = 40 + x * 180 / width + grain
        let green = 30 + y * 200 / height - grain
        let blue = 128 + Int(60 * sin(Double(x + y) / 17)) + grain / 2
        pixels += [red, green, blue].map { UInt8(max(0, min(255, $0))) } + [255]
      }
    }
    return PixelPicture(width: width, height: height, pixels: pixels)
  }

  @Test("decoded back, a photo-like picture is as close to its pixels as with exact colours")
  func asCloseAsExact() {
    let picture = photoLike(width: 160, height: 120)
    let cell = CellPixelSize(width: 10, height: 20)
    let rounded = SixelEncoder.encode(picture, rows: 0..<6, cellPixels: cell)
    let exact = SixelEncoder.encode(picture, rows: 0..<6, cellPixels: cell, roundingLevels: false)
    let roundedError = SixelDecoding(rounded, width: 160, height: 120).meanError(from: picture.pixels)
    let exactError = SixelDecoding(exact, width: 160, height: 120).meanError(from: picture.pixels)
    #expect(SixelDecoding(rounded, width: 160, height: 120).pixels.allSatisfy { $0 != nil }, "every pixel painted")
    #expect(exactError < 6, "the exact encoding is a fair yardstick (\(exactError) levels off on average)")
    // 4.72 against 4.77 with libchafa 1.12; rounding to multiples of 8 would give 4.89.
    #expect(roundedError <= exactError + 0.05, "rounded \(roundedError) vs exact \(exactError) levels off")
  }

  @Test("white stays white and black black; every level moves by 2 at most")
  func lattice() {
    #expect(SixelEncoder.level[255] == 255 && SixelEncoder.level[254] == 255 && SixelEncoder.level[0] == 0)
    #expect((0..<256).allSatisfy { abs(Int(SixelEncoder.level[$0]) - $0) <= 2 })
    #expect(Set(SixelEncoder.level).count == 65, "64 multiples of 4 and 255")
  }

  @Test("a slice of rows is rounded from its own rows, alpha kept")
  func sliceAndAlpha() {
    let pixels: [UInt8] = [1, 2, 3, 4, 253, 254, 130, 77]
    #expect(SixelEncoder.rounded(pixels[4...]) == [252, 255, 132, 77])
    #expect(SixelEncoder.rounded(pixels[..<4]) == [0, 4, 4, 4])
  }
}
