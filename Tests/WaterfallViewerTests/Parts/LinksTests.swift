import ShopCatalog
import Testing

@testable import WaterfallViewer

/// The links part alone: which address `x` opens and `y` copies, and what the status line says.
@Suite("Parts: links")
struct LinksTests {
  static func item(picture: String = "", fields: [(String, String)] = [], title: String = "a hat") -> ShopItem {
    ShopItem(
      width: 1, height: 1, imageURL: picture, price: "", title: title,
      extraFields: fields.map { ExtraField(key: $0.0, value: $0.1) })
  }

  @Test("the page link comes before the picture's address, and x hands it to the browser")
  func opensThePage() {
    let item = Self.item(picture: "https://img.test/1.jpg", fields: [("URL", " https://shop.test/hat ")])
    #expect(Links.link(of: item) == "https://shop.test/hat")
    #expect(
      Links.open(item)
        == Links.Outcome(effect: .openExternally("https://shop.test/hat"), notice: "opening https://shop.test/hat"))
  }

  @Test("an address of another scheme is not opened; with no item or no address nothing is")
  func refuses() {
    let script = Links.open(Self.item(fields: [("link", "javascript:alert(1)")]))
    #expect(script.effect == nil && script.notice.hasPrefix("not opened (only web addresses and local pictures are)"))
    #expect(Links.open(nil) == Links.Outcome(notice: "this item has no link or picture address to open"))
    #expect(Links.open(Self.item()).effect == nil)
  }

  @Test("y copies the link, or the title without one; the status line shows a password redacted")
  func copies() {
    let secret = Links.copy(Self.item(fields: [("href", "https://user:hunter2@shop.test/")]))
    #expect(secret.effect == .copyToClipboard("https://user:hunter2@shop.test/"))
    #expect(secret.notice.hasPrefix("copied ") && !secret.notice.contains("hunter2"))
    #expect(Links.copy(Self.item()).effect == .copyToClipboard("a hat"))
    #expect(Links.copy(Self.item(title: "")) == Links.Outcome(notice: "this item has no link or title to copy"))
  }

  @Test("y copies a picture's path as x opens it: made absolute against the dataset's folder")
  func copiesTheWholePath() {
    var item = Self.item(picture: "pictures/0001.jpg")
    item.sourceFile = "/data/shop/catalogue.json"
    #expect(Links.copy(item).effect == .copyToClipboard("/data/shop/pictures/0001.jpg"))
    #expect(Links.open(item).effect == .openExternally("/data/shop/pictures/0001.jpg"))
  }
}
