import ShopCatalog
import Testing
import WaterfallViewer

@Suite("Open and copy an item's link")
struct LinkTests {
  static func runner() -> ScriptedRun {
    var items = OrganiseFixture.items(6)
    items[0].extraFields = [ExtraField(key: "link", value: "https://shop.test/item/0")]
    items[1].imageURL = ""
    items[1].title = "no address\u{1B}[2J here"
    items[3].extraFields = [ExtraField(key: "link", value: "--gpu-launcher=touch /tmp/owned")]
    items[4].extraFields = [ExtraField(key: "href", value: "file:///etc/passwd")]
    items[5].imageURL = "photos/5.jpg"
    items[5].sourceFile = "/data/shop/items.json"
    return AppFixture.runner(items: items, options: AppFixture.options())
  }

  @Test("x opens the focused item's link field, and says so; nothing waits")
  func openLink() {
    let runner = Self.runner()
    let screen = AppFixture.screen(runner, "l x")
    #expect(runner.opener.opened == ["https://shop.test/item/0"])
    #expect(screen.contains("opening https://shop.test/item/0"))
  }

  @Test("x on an item with no link opens its picture's address")
  func openPicture() {
    let runner = Self.runner()
    _ = AppFixture.screen(runner, ": 2 Enter x")
    #expect(runner.opener.opened == ["https://img.test/2.jpg"])
    let screen = AppFixture.screen(runner, ": 1 Enter x")
    #expect(runner.opener.opened.count == 1, "item 1 has neither")
    #expect(screen.contains("no link or picture address"))
  }

  @Test("x opens only web addresses and local pictures: a link that reads as an option or names a file is refused")
  func refusesUntrustedLinks() {
    let runner = Self.runner()
    var screen = AppFixture.screen(runner, ": 3 Enter x")
    #expect(runner.opener.opened.isEmpty)
    #expect(screen.contains("not opened"))
    screen = AppFixture.screen(runner, ": 4 Enter x")
    #expect(runner.opener.opened.isEmpty)
    #expect(screen.contains("not opened"))
    _ = AppFixture.screen(runner, ": 5 Enter x")
    #expect(runner.opener.opened == ["/data/shop/photos/5.jpg"], "a relative picture opens from the dataset's folder")
  }

  @Test("y copies the link, else the title, sanitised; the notice says what was copied")
  func copyLink() {
    let runner = Self.runner()
    let screen = AppFixture.screen(runner, "l y")
    #expect(runner.clipboard == ["https://shop.test/item/0"])
    #expect(screen.contains("copied https://shop.test/item/0"))
    _ = AppFixture.screen(runner, ": 1 Enter y")
    #expect(runner.clipboard.first == "no address here", "no escape sequence reaches the clipboard")
  }
}
