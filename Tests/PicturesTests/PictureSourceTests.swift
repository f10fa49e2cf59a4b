import Foundation
import Testing

@testable import Pictures

@Suite("Where pictures come from")
struct PictureSourceTests {
  @Test("a relative path is relative to the dataset file's directory")
  func relative() {
    #expect(
      PictureSource.resolve("pictures/0001.jpg", relativeTo: "/data/shop/1.plist")
        == .file("/data/shop/pictures/0001.jpg"))
    #expect(PictureSource.resolve("../up.png", relativeTo: "/data/shop/1.plist") == .file("/data/up.png"))
  }

  @Test("resolving reads the text alone, never the disk: a directory named like the dataset file changes nothing")
  func fromTextAlone() throws {
    let folder = TemporaryDirectory()
    let lookalike = folder.file("shop.json")
    try FileManager.default.createDirectory(atPath: lookalike, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder.file("pictures"), withIntermediateDirectories: true)
    #expect(PictureSource.resolve("a.jpg", relativeTo: lookalike) == .file(folder.file("a.jpg")))
    #expect(PictureSource.resolve("pictures", relativeTo: lookalike) == .file(folder.file("pictures")))
    #expect(PictureSource.resolve("b.jpg", relativeTo: "/nowhere/shop.json") == .file("/nowhere/b.jpg"))
  }

  @Test("absolute paths and file: URLs are used as they are")
  func absolute() {
    #expect(PictureSource.resolve("/photos/a.jpg", relativeTo: "/data/1.plist") == .file("/photos/a.jpg"))
    #expect(PictureSource.resolve("file:///photos/b%20c.jpg", relativeTo: "/data/1.plist") == .file("/photos/b c.jpg"))
  }

  @Test("other schemes, a web address without a host, and empty are not pictures we load")
  func notLocal() {
    for img in ["ftp://img.example.com/a.jpg", "https:///no-host.png", "", "   ", "data:image/png;base64,AAAA"] {
      if case .notLocal = PictureSource.resolve(img, relativeTo: "/data/1.plist") {
      } else {
        Issue.record("\(img) resolved to a file")
      }
    }
  }
}

@Suite("Pictures whose path is not UTF-8")
struct ByteNamedPictureTests {
  @Test("a file: URL whose escapes are not UTF-8 is decoded by its bytes, and the picture's header is read")
  func latin1Path() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-bytes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = try Data(contentsOf: URL(fileURLWithPath: PictureFiles.fixture("sideways.jpg")))
    let bytes = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let descriptor = open(bytes.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
    try #require(descriptor >= 0)
    _ = picture.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)

    let url = "file://\(folder.path)/caf%E9.jpg"
    #expect(PictureSource.resolve(url, relativeTo: "/data/1.plist") == .file(url))
    let size = try PictureDecoder.probe(path: url).get()
    #expect(size.width > 0 && size.height > 0)
    #expect(PictureFile.problem(at: "file://\(folder.path)/caf%E8.jpg")?.kind == .missing, "a different byte")
  }
}
