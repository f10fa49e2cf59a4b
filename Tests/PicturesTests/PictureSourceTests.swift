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
