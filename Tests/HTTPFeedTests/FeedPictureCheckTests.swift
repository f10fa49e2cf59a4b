import ShopCatalog
import Testing

@testable import HTTPFeed

/// `waterfall check URL` says which items have a picture the viewer will never fetch (a feed's pictures come over
/// the web only), naming the page, the item on it and the field; the items stay usable.
@Suite("Checking a feed's pictures")
struct FeedPictureCheckTests {
  @Test("file:// and other schemes are problems of img, numbered by their place on the page; web addresses are not")
  func nonWebPictures() throws {
    let body = try FeedPageBody.read(
      bytes: Array(
        """
        [{"w": 1, "h": 1, "price": "1", "img": "https://shop.example/1.jpg"},
         {"w": 0, "h": 1, "price": "1"},
         {"w": 1, "h": 1, "price": "1", "img": "file:///etc/passwd"},
         {"w": 1, "h": 1, "price": "1", "img": "/pictures/4.jpg"},
         {"w": 1, "h": 1, "price": "1", "img": "ftp://shop.example/5.jpg"}]
        """.utf8), address: "https://shop.example/feed")
    #expect(body.items.count == 4)
    let problems = HTTPFeedCatalogue.pictureProblems(body, page: "https://shop.example/feed")
    #expect(problems.map(\.item) == [3, 5])
    #expect(problems.allSatisfy { $0.field == "img" && $0.file == "https://shop.example/feed" })
    #expect(problems.first?.description.contains("a feed's picture must be a web address") == true)
  }

  @Test("a page without items has no picture problem")
  func emptyPage() throws {
    let body = try FeedPageBody.read(bytes: Array("[]".utf8), address: "https://shop.example/feed")
    #expect(HTTPFeedCatalogue.pictureProblems(body, page: "https://shop.example/feed").isEmpty)
  }
}
