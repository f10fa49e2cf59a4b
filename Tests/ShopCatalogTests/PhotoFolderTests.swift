import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Photo folders")
struct PhotoFolderTests {
  /// A probe that reads sizes from a table, as libvips would from the headers.
  private func probe(_ sizes: [String: PhotoSize]) -> PictureProbe {
    { path in
      let name = (path as NSString).lastPathComponent
      if let size = sizes[name] { return .success(size) }
      return .failure(PhotoProbeFailure(reason: "not a JPEG, PNG, WebP or GIF picture: \(path)"))
    }
  }

  @Test("a folder of pictures is a catalogue: one item per picture in natural order, titled with the file name")
  func pictures() throws {
    let folder = TemporaryDirectory()
    for name in ["10.jpg", "2.PNG", "1.webp", "cat.gif", "notes.txt", ".hidden.jpg"] { folder.write(name, "x") }
    let sizes = [
      "1.webp": PhotoSize(width: 300, height: 400), "2.PNG": PhotoSize(width: 640, height: 480),
      "10.jpg": PhotoSize(width: 30, height: 60), "cat.gif": PhotoSize(width: 10, height: 10),
    ]
    let dataset = try DatasetLoader.load(path: folder.path, pictureProbe: probe(sizes))
    #expect(dataset.items.map(\.title) == ["1.webp", "2.PNG", "10.jpg", "cat.gif"])
    #expect(dataset.items[2].width == 30 && dataset.items[2].height == 60)
    #expect(dataset.items[0].imageURL.hasSuffix("/1.webp") && dataset.items[0].imageURL.hasPrefix("/"))
    #expect(dataset.problems.isEmpty)
  }

  @Test("a picture whose header cannot be read is a problem naming it, and is skipped")
  func unreadablePicture() throws {
    let folder = TemporaryDirectory()
    folder.write("a.jpg", "x")
    folder.write("broken.jpg", "x")
    let dataset = try DatasetLoader.load(
      path: folder.path, pictureProbe: probe(["a.jpg": PhotoSize(width: 5, height: 5)]))
    #expect(dataset.itemCount == 1)
    #expect(dataset.skippedItems == 1)
    #expect(dataset.problems.first?.description.contains("broken.jpg: item 2: picture:") == true)
  }

  @Test("any dataset file makes a folder a dataset, pictures or not")
  func datasetWins() throws {
    let folder = TemporaryDirectory()
    folder.write("1.json", #"[{"w": 200, "h": 300, "price": "¥1", "img": "a.jpg"}]"#)
    folder.write("a.jpg", "x")
    let dataset = try DatasetLoader.load(
      path: folder.path, pictureProbe: probe(["a.jpg": PhotoSize(width: 5, height: 5)]))
    #expect(dataset.itemCount == 1)
    #expect(dataset.items.first?.price == "¥1")
  }

  @Test("without a probe, a folder of pictures is not a dataset, and the message says what is looked for")
  func noProbe() {
    let folder = TemporaryDirectory()
    folder.write("a.jpg", "x")
    #expect(throws: DatasetError.self) { try DatasetLoader.load(path: folder.path) }
    do {
      _ = try DatasetLoader.load(path: folder.path)
    } catch {
      #expect(error.reason.contains("pictures"))
    }
  }
}

@Suite("Photo folders: names that are not UTF-8")
struct PhotoFolderByteNameTests {
  @Test("a picture whose name is not UTF-8 is opened by its bytes and titled with the bad byte escaped")
  func latin1Name() throws {
    let folder = TemporaryDirectory()
    // "café.jpg" in Latin-1: é is the single byte 0xE9, which is not UTF-8.
    let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
    let descriptor = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
      open(Array(buffer) + [0], O_CREAT | O_WRONLY, 0o644)
    }
    try #require(descriptor >= 0)
    close(descriptor)
    let probed = ProbedPaths()
    let dataset = try DatasetLoader.load(path: folder.path) { path in
      probed.append(path)
      return .success(PhotoSize(width: 4, height: 3))
    }
    #expect(dataset.problems.isEmpty)
    let item = try #require(dataset.items.first)
    #expect(item.title == #"caf\xE9.jpg"#)
    #expect(item.imageURL.hasPrefix("file:///") && item.imageURL.hasSuffix("/caf%E9.jpg"), "\(item.imageURL)")
    #expect(probed.paths == [item.imageURL], "the probe gets the lossless form")
  }
}

/// The paths a probe was asked for (probes are @Sendable).
private final class ProbedPaths: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  var paths: [String] { lock.withLock { list } }
  func append(_ path: String) { lock.withLock { list.append(path) } }
}
