import ShopCatalog
import Testing

@testable import WaterfallViewer

/// What `x` and `y` ask of the root, from the links part alone.
@Suite("Parts: the links' commands")
struct LinksCommandsTests {
  @Test("an item with a web link: the effect, then the notice; none to act on: the notice alone")
  func commands() {
    let item = AppFixture.items(1)[0]
    #expect(Links.open(item).commands.summary == ["effect openExternally", "notice opening https://img.test/0.jpg"])
    #expect(Links.copy(nil).commands.summary == ["notice this item has no link or title to copy"])
  }
}
