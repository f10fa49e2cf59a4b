import Foundation
import Testing

@testable import Pictures

@Suite("Decoding")
struct DecodingTests {
  @Test("every bundled catalogue picture decodes to a thumbnail that fills its box")
  func bundledPictures() throws {
    let pictures = PictureFiles.cataloguePictures
    #expect(pictures.count == 180)
    for path in pictures {
      let thumbnail = try PictureDecoder.decode(path: path, covering: (192, 192)).get()
      #expect(thumbnail.covers((192, 192)), "\(path)")
      #expect(thumbnail.pixels.count == thumbnail.width * thumbnail.height * 4)
      #expect(thumbnail.width <= thumbnail.sourceWidth && thumbnail.height <= thumbnail.sourceHeight)
    }
  }

  @Test("a thumbnail is scaled down while loading to just cover the box, keeping the shape")
  func coversTheBox() throws {
    let path = PictureFiles.cataloguePictures[11]  // 182×240 (item 12)
    let probe = try PictureDecoder.probe(path: path).get()
    let thumbnail = try PictureDecoder.decode(path: path, covering: (64, 32)).get()
    #expect(thumbnail.width == 64)
    #expect(abs(Double(thumbnail.height) - 64 * Double(probe.height) / Double(probe.width)) <= 1)
  }

  @Test("EXIF orientation: a sideways-stored JPEG comes out upright, red above blue")
  func orientation() throws {
    let path = PictureFiles.fixture("sideways.jpg")
    #expect(try PictureDecoder.probe(path: path).get() == PictureDimensions(width: 30, height: 60))
    let thumbnail = try PictureDecoder.decode(path: path, covering: (30, 60)).get()
    #expect(thumbnail.width == 30 && thumbnail.height == 60)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      let start = (y * thumbnail.width + x) * 4
      return Array(thumbnail.pixels[start..<start + 4])
    }
    let top = pixel(15, 10)
    let bottom = pixel(15, 50)
    #expect(top[0] > 150 && top[2] < 80, "top \(top)")
    #expect(bottom[2] > 150 && bottom[0] < 80, "bottom \(bottom)")
  }

  @Test("PNG with alpha, WebP and GIF decode; alpha stays")
  func otherFormats() throws {
    let alpha = try PictureDecoder.decode(path: PictureFiles.fixture("alpha.png"), covering: (40, 60)).get()
    #expect(alpha.pixels[3] == 0, "the left edge is transparent")
    #expect(alpha.pixels[(alpha.width - 1) * 4 + 3] == 255, "the right edge is opaque")
    for name in ["picture.webp", "picture.gif"] {
      let thumbnail = try PictureDecoder.decode(path: PictureFiles.fixture(name), covering: (48, 48)).get()
      #expect(thumbnail.width > 0 && thumbnail.height > 0, "\(name)")
    }
  }
}
