import Foundation
import Testing

@testable import Pictures

@Suite("Bad files")
struct BadFileTests {
  /// Decodes `path` for a 24×12 box and checks it fails with `kind` and a reason that names the file.
  private func expectFailure(
    _ path: String, _ kind: PictureFailure.Kind, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = PictureDecoder.decode(path: path, covering: (192, 192))
    guard case .failure(let failure) = result else {
      Issue.record("\(path) decoded", sourceLocation: sourceLocation)
      return
    }
    #expect(failure.kind == kind, "\(failure.reason)", sourceLocation: sourceLocation)
    #expect(failure.reason.contains(path), "\(failure.reason)", sourceLocation: sourceLocation)
    #expect(PictureDecoder.probe(path: path).failure?.kind == kind, sourceLocation: sourceLocation)
  }

  @Test("zero bytes") func zeroBytes() {
    let folder = TemporaryDirectory()
    expectFailure(folder.write("empty.jpg", []), .empty)
  }

  @Test("text named .jpg") func textNamedJPEG() {
    let folder = TemporaryDirectory()
    expectFailure(folder.write("notes.jpg", Array("just some text, not a picture\n".utf8)), .unsupportedFormat)
  }

  @Test("a missing file") func missing() {
    let folder = TemporaryDirectory()
    expectFailure(folder.file("nothing-here.jpg"), .missing)
  }

  @Test("a directory named x.jpg") func directory() throws {
    let folder = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.file("x.jpg"), withIntermediateDirectories: false)
    expectFailure(folder.file("x.jpg"), .notRegularFile)
  }

  @Test("a symbolic link loop") func symlinkLoop() throws {
    let folder = TemporaryDirectory()
    try FileManager.default.createSymbolicLink(atPath: folder.file("a.jpg"), withDestinationPath: folder.file("b.jpg"))
    try FileManager.default.createSymbolicLink(atPath: folder.file("b.jpg"), withDestinationPath: folder.file("a.jpg"))
    expectFailure(folder.file("a.jpg"), .missing)
  }

  @Test("the blocked loaders' modules (ImageMagick, poppler, HEIF, JPEG XL, OpenSlide) are never loaded")
  func blockedModulesNotLoaded() throws {
    _ = PictureDecoder.decode(path: PictureFiles.fixture("tiff-named.png"), covering: (192, 192))
    // Read to its end: /proc files have no size for a whole-file read to go by.
    let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
    let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    #expect(maps.contains("libvips"), "libvips is loaded")
    #expect(!maps.contains("vips-modules"), "no libvips module is loaded")
    #expect(getenv("VIPSHOME").map { String(cString: $0) } != "/dev/null", "the environment is put back")
  }

  @Test("TIFF, BMP and SVG under picture names: their loaders stay blocked")
  func unsupportedFormats() {
    let folder = TemporaryDirectory()
    expectFailure(PictureFiles.fixture("tiff-named.png"), .unsupportedFormat)
    // A 1×1 24-bit BMP.
    let bmp: [UInt8] =
      [0x42, 0x4D, 58, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0]
      + [UInt8](repeating: 0, count: 24) + [0, 0, 255, 0]
    expectFailure(folder.write("bitmap.png", bmp), .unsupportedFormat)
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
    expectFailure(folder.write("drawing.png", Array(svg.utf8)), .unsupportedFormat)
  }

  @Test(
    "a PNG whose 74 bytes claim 30000×30000 is refused from its header, naming the limit, even with the header damaged"
  )
  func pngBomb() {
    let folder = TemporaryDirectory()
    let bytes = PNGBytes.claiming(width: 30000, height: 30000)
    #expect(bytes.count == 74)
    #expect(
      PictureDecoder.probe(path: folder.write("bomb.png", bytes)).success
        == PictureDimensions(width: 30000, height: 30000))
    // Refused for its size: a decode would have failed otherwise (no data) or taken gigabytes. libpng reports a
    // damaged header only as a warning, so those are read before libvips opens the file.
    let bombs = [
      ("bomb.png", bytes), ("bad-checksum.png", PNGBytes.damaged(bytes)), ("header-only.png", Array(bytes.prefix(33))),
    ]
    for (name, bomb) in bombs {
      let failure = PictureDecoder.decode(path: folder.write(name, bomb), covering: (192, 192)).failure
      #expect(failure?.kind == .tooLarge, "\(name): \(failure?.reason ?? "decoded")")
      #expect(failure?.reason.contains("30000×30000 pixels (900 megapixels; the limit is 50)") == true)
    }
  }

  @Test("a small PNG with a damaged header fails with libpng's reason, not \"unknown error\"")
  func damagedPNGReason() {
    let folder = TemporaryDirectory()
    let path = folder.write("damaged.png", PNGBytes.damaged(PNGBytes.claiming(width: 100, height: 100)))
    let failure = PictureDecoder.decode(path: path, covering: (192, 192)).failure
    #expect(failure?.kind == .decodingFailed)
    #expect(failure?.reason == "IHDR: CRC error: \(path)")
  }

  @Test("a truncated JPEG decodes as far as it goes; one cut inside its header fails with a reason")
  func truncatedJPEG() throws {
    let folder = TemporaryDirectory()
    let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PictureFiles.cataloguePictures[0])))
    let half = folder.write("half.jpg", Array(whole.prefix(whole.count / 2)))
    let thumbnail = try PictureDecoder.decode(path: half, covering: (64, 64)).get()
    #expect(thumbnail.width >= 64 || thumbnail.height >= 64)
    let headerOnly = folder.write("header-only.jpg", Array(whole.prefix(40)))
    let failure = PictureDecoder.decode(path: headerOnly, covering: (64, 64)).failure
    #expect(failure?.kind == .decodingFailed)
    #expect(failure?.reason.contains(headerOnly) == true)
  }

  @Test("an unreadable file (chmod 000): refused, except for root, who may read anything")
  func unreadable() throws {
    let folder = TemporaryDirectory()
    let path = folder.file("secret.jpg")
    try FileManager.default.copyItem(atPath: PictureFiles.cataloguePictures[0], toPath: path)
    chmod(path, 0)
    let result = PictureDecoder.decode(path: path, covering: (64, 64))
    if geteuid() == 0 {
      // Root's CAP_DAC_OVERRIDE ignores the mode bits: the picture is readable, and showing it is right.
      #expect(result.success != nil)
    } else {
      #expect(result.failure?.kind == .unreadable)
    }
  }

  @Test(
    "a decode past its time limit is stopped part way and reported, not waited for",
    arguments: ["large.png", "large.jpg"])
  func timeLimit(name: String) throws {
    let folder = TemporaryDirectory()
    let path = folder.file(name)
    try #require(NoisePicture.write(to: path, width: 3000, height: 2000))
    // Without a limit the picture decodes: a decode that ran to its end would succeed whatever the clock said, so
    // a time-out can only come from the checks made part way (every sixteen scanlines, or vips' progress).
    _ = try PictureDecoder.decode(path: path, covering: (192, 192)).get()
    let failure = PictureDecoder.decode(
      path: path, covering: (192, 192), limits: PictureLimits(timeLimit: .milliseconds(5))
    )
    .failure
    #expect(failure?.kind == .timedOut)
    #expect(failure?.reason == "took longer than the time limit: \(path)")
  }
}

extension Result {
  var success: Success? { if case .success(let value) = self { value } else { nil } }
  var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
