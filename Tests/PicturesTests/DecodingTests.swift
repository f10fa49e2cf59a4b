import CVips
import Foundation
import Locking
import TestSupport
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

  @Test("decodes on several threads at once all succeed, and libvips compiles no orc code (liborc frees it unlocked)")
  func concurrentDecodes() throws {
    #expect(VipsRuntime.startupFailure == nil)
    #expect(wf_vips_vector_isenabled() == 0, "every resize would compile and free orc code, racing other threads")
    let pictures = PictureFiles.cataloguePictures
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 6) { worker in
      for (index, path) in pictures.enumerated() where index % 6 == worker {
        let side = 24 + index % 40
        if case .failure = PictureDecoder.decode(path: path, covering: (side, side + 7)) {
          failures.withLock { $0 += 1 }
        }
      }
    }
    #expect(failures.withLock { $0 } == 0)
  }

  @Test("a thumbnail is scaled down while loading to just cover the box, keeping the shape")
  func coversTheBox() throws {
    let path = PictureFiles.cataloguePictures[11]  // 182×240 (item 12)
    let probe = try PictureDecoder.probe(path: path).get()
    let thumbnail = try PictureDecoder.decode(path: path, covering: (64, 32)).get()
    #expect(thumbnail.width == 64)
    #expect(abs(Double(thumbnail.height) - 64 * Double(probe.height) / Double(probe.width)) <= 1)
  }

  @Test("a large JPEG comes out at exactly the size that covers the box, however far libjpeg shrinks it first")
  func largeJPEG() throws {
    let folder = TemporaryDirectory()
    let path = folder.file("photo.jpg")
    try #require(NoisePicture.write(to: path, width: 1600, height: 1200, blur: 2))
    // 1/8 (200×150), 1/4 (400×300), 1/2 (800×600) and the whole picture, each with a resize after but the last.
    for (box, expected) in [((96, 72), (96, 72)), ((300, 200), (300, 225)), ((500, 100), (500, 375))] {
      let thumbnail = try PictureDecoder.decode(path: path, covering: box).get()
      #expect(thumbnail.width == expected.0 && thumbnail.height == expected.1, "\(box)")
      #expect(thumbnail.covers(box))
    }
    let whole = try PictureDecoder.decode(path: path, covering: (1600, 1200)).get()
    #expect(whole.width == 1600 && whole.height == 1200, "never enlarged, the whole picture as it is")
    // A smooth picture keeps its mean colour through the shrink and the resize (noise means 128, 148, 168).
    let small = try PictureDecoder.decode(path: path, covering: (96, 72)).get()
    for band in 0..<3 {
      let values = stride(from: band, to: small.pixels.count, by: 4).map { Double(small.pixels[$0]) }
      let mean = values.reduce(0, +) / Double(values.count)
      #expect(abs(mean - Double(128 + band * 20)) < 4, "band \(band): \(mean)")
    }
  }

  @Test("the JPEG shrink is the largest of 8, 4, 2, 1 whose decode still covers the box; the resize lands on it")
  func jpegShrinkChoice() {
    var generator = SeededGenerator(seed: 19)
    for _ in 0..<2000 {
      let source = PictureDimensions(
        width: Int.random(in: 1...9000, using: &generator), height: Int.random(in: 1...9000, using: &generator))
      let box = (Int.random(in: 1...2000, using: &generator), Int.random(in: 1...2000, using: &generator))
      let scale = JPEGScale.choose(source: source, covering: box)
      // Brute force: libjpeg's 1/N size is the side divided by N, rounded up.
      func covers(_ shrink: Int) -> Bool {
        Int((Double(source.width) / Double(shrink)).rounded(.up)) >= box.0
          && Int((Double(source.height) / Double(shrink)).rounded(.up)) >= box.1
      }
      let best = [8, 4, 2, 1].first(where: covers) ?? 1
      #expect(scale.shrink == best, "\(source) → \(box)")
      let width = Double(JPEGScale.decoded(source.width, scale.shrink)) * scale.resize
      let height = Double(JPEGScale.decoded(source.height, scale.shrink)) * scale.resize
      #expect(scale.resize <= 1)
      if covers(scale.shrink) {
        #expect(width.rounded() >= Double(box.0) && height.rounded() >= Double(box.1), "\(source) → \(box)")
        #expect(
          width.rounded() == Double(box.0) || height.rounded() == Double(box.1) || scale.resize == 1,
          "just covers \(source) → \(box)")
      }
    }
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
