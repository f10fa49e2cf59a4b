import Foundation
import Testing

@testable import Pictures

/// JPEGs decoded by libjpeg-turbo directly: the same pictures libvips gives, at the size a box needs.
@Suite("JPEG thumbnails")
struct JPEGThumbnailTests {
  /// A 64×32 JPEG in four quadrants: red, green (top), blue, white (bottom); no EXIF.
  static let quadrants = PictureFiles.fixture("quadrants.jpg")

  /// `quadrants.jpg` with an EXIF segment (big-endian TIFF, one entry) saying `orientation`, in a temporary file.
  static func oriented(_ orientation: UInt16, in folder: URL) throws -> String {
    var base = try [UInt8](Data(contentsOf: URL(fileURLWithPath: quadrants)))
    func bigEndian<Number: FixedWidthInteger>(_ value: Number) -> [UInt8] {
      withUnsafeBytes(of: value.bigEndian, Array.init)
    }
    let tiff: [UInt8] =
      Array("MM".utf8) + bigEndian(UInt16(42)) + bigEndian(UInt32(8)) + bigEndian(UInt16(1)) + bigEndian(UInt16(0x0112))
      + bigEndian(UInt16(3)) + bigEndian(UInt32(1)) + bigEndian(orientation) + [0, 0] + bigEndian(UInt32(0))
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    base.insert(contentsOf: [0xFF, 0xE1] + bigEndian(UInt16(payload.count + 2)) + payload, at: 2)
    let path = folder.appendingPathComponent("oriented-\(orientation).jpg").path
    try Data(base).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func pixel(_ thumbnail: Thumbnail, _ x: Int, _ y: Int) -> [Int] {
    let start = (y * thumbnail.width + x) * 4
    return thumbnail.pixels[start..<start + 4].map(Int.init)
  }

  @Test("all eight EXIF orientations come out upright, the size and colours libvips gives", arguments: 1...8)
  func orientations(orientation: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try Self.oriented(UInt16(orientation), in: folder)
    let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
    let ours = try #require(
      JPEGThumbnail.decode(path: path, covering: (16, 16), limits: PictureLimits(), deadline: deadline)
    ).get()
    let libvips = try PictureDecoder.decodeWithLibvips(
      path: path, covering: (16, 16), limits: PictureLimits(), deadline: deadline
    ).get()
    #expect(ours.width == libvips.width && ours.height == libvips.height)
    #expect(ours.sourceWidth == libvips.sourceWidth && ours.sourceHeight == libvips.sourceHeight)
    #expect((ours.sourceWidth, ours.sourceHeight) == (orientation >= 5 ? (32, 64) : (64, 32)))
    #expect(
      try PictureDecoder.probe(path: path).get()
        == PictureDimensions(width: ours.sourceWidth, height: ours.sourceHeight))
    // Each quadrant's centre, the same colour both ways within what two resamplings differ by.
    let (width, height) = (ours.width, ours.height)
    for (x, y) in [
      (width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4),
      (3 * width / 4, 3 * height / 4),
    ] {
      let (a, b) = (Self.pixel(ours, x, y), Self.pixel(libvips, x, y))
      #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 40 }, "orientation \(orientation) at \(x),\(y): \(a) vs \(b)")
    }
  }

  @Test("a JPEG shrinks to exactly the size that covers the box, keeping its shape, and never grows")
  func sizes() throws {
    let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
    for (box, expected) in [((16, 16), (32, 16)), ((40, 10), (40, 20)), ((200, 200), (64, 32))] {
      let thumbnail = try #require(
        JPEGThumbnail.decode(path: Self.quadrants, covering: box, limits: PictureLimits(), deadline: deadline)
      ).get()
      #expect((thumbnail.width, thumbnail.height) == expected, "\(box)")
      #expect(thumbnail.pixels.count == thumbnail.width * thumbnail.height * 4)
      #expect(
        Self.pixel(thumbnail, 0, 0)[0] > 180
          && Self.pixel(thumbnail, thumbnail.width - 1, thumbnail.height - 1)[2] > 180)
    }
  }

  @Test("a CMYK JPEG, which libjpeg cannot give as RGB, is left to libvips, which decodes it")
  func cmykGoesToLibvips() throws {
    let path = PictureFiles.fixture("quadrants-cmyk.jpg")
    let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
    #expect(JPEGThumbnail.decode(path: path, covering: (16, 16), limits: PictureLimits(), deadline: deadline) == nil)
    let thumbnail = try PictureDecoder.decode(path: path, covering: (16, 16)).get()
    #expect((thumbnail.width, thumbnail.height) == (32, 16))
  }

  @Test("a JPEG that breaks off decodes as far as it goes; one whose header is broken fails, naming the file")
  func damaged() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.cataloguePictures[3])))  // 175×240
    let truncated = folder.appendingPathComponent("truncated.jpg").path
    try Data(bytes[..<(bytes.count * 3 / 4)]).write(to: URL(fileURLWithPath: truncated))
    let thumbnail = try PictureDecoder.decode(path: truncated, covering: (35, 48)).get()
    #expect((thumbnail.width, thumbnail.height) == (35, 48))
    let broken = folder.appendingPathComponent("broken.jpg").path
    try Data(bytes[..<40]).write(to: URL(fileURLWithPath: broken))
    guard case .failure(let failure) = PictureDecoder.decode(path: broken, covering: (16, 16)) else {
      Issue.record("a JPEG cut inside its header decoded")
      return
    }
    #expect(failure.reason.hasSuffix(broken), "\(failure.reason)")
  }
}
