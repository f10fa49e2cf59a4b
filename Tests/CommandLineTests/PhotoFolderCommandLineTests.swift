import Foundation
import ShopCatalog
import Testing

@testable import waterfall

@Suite("Photo folders from the command line")
struct PhotoFolderCommandLineTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("`waterfall FOLDER` of pictures: sizes read from the headers by libvips, EXIF orientation applied")
  func photoFolder() throws {
    let folder = NSTemporaryDirectory() + "waterfall-photo-folder-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fixture = Self.repository.appendingPathComponent("Tests/PicturesTests/Fixtures/sideways.jpg").path
    let picture = Self.repository.appendingPathComponent("Resources/catalogue/pictures/0011.jpg").path
    try FileManager.default.copyItem(atPath: fixture, toPath: folder + "/2 sideways.jpg")
    try FileManager.default.copyItem(atPath: picture, toPath: folder + "/10 twelve.jpg")
    _ = FileManager.default.createFile(atPath: folder + "/1 empty.jpg", contents: Data())

    let options = try DataOptions.parse([folder])
    let opened = try #require(try options.open(whole: false) as? OpenedCatalogue)
    let (catalogue, name) = (opened.catalogue, opened.name)
    catalogue.waitUntilComplete()
    #expect(name == (folder as NSString).lastPathComponent)
    let items = catalogue.itemsRead(limit: .max)
    #expect(items.map(\.title) == ["2 sideways.jpg", "10 twelve.jpg"])
    #expect(items.map(\.width) == [30, 182])
    #expect(items.map(\.height) == [60, 240])
    #expect(
      catalogue.readProblems.map(\.description) == [
        "\(folder)/1 empty.jpg: item 1: picture: empty file: \(folder)/1 empty.jpg"
      ])
  }
}
