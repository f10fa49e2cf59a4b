import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// An item's addresses on screen: the detail and the status line show them with their secrets hidden, as every
/// other place does (issue 30, point 2).
@Suite("Secrets in an item's addresses stay off the screen")
struct SecretsOnScreenTests {
  static func runner() -> ScriptedRun {
    var items = AppFixture.items(4)
    items[0].imageURL = "https://shopper:PASSWORD@img.test/a.jpg?sig=SIGNATURE&w=300"
    items[0].extraFields = [ExtraField(key: "link", value: "https://shop.test/item/1?access_token=TOKEN&ref=x")]
    return AppFixture.runner(items: items, width: 90, height: 40, options: AppFixture.options(columns: 2))
  }

  @Test("the detail shows the picture's address and a link field redacted")
  func detail() {
    let runner = Self.runner()
    runner.apply(try! KeyScript.parse("l Enter"))
    let text = runner.viewer.renderedScreen().text
    #expect(text.contains("https://***@img.test/a.jpg?sig=***&w=300"), "\(text)")
    #expect(text.contains("https://shop.test/item/1?access_token=***&ref=x"), "\(text)")
    for secret in ["PASSWORD", "SIGNATURE", "TOKEN", "shopper"] { #expect(!text.contains(secret), "\(secret)") }
  }

  @Test("opening or copying the link names it redacted in the status line")
  func statusLine() {
    let runner = Self.runner()
    runner.apply(try! KeyScript.parse("l x"))
    let opened = runner.viewer.renderedScreen().text
    #expect(opened.contains("opening https://shop.test/item/1?access_token=***&ref=x"), "\(opened)")
    runner.apply(try! KeyScript.parse("y"))
    let copied = runner.viewer.renderedScreen().text
    #expect(copied.contains("copied https://shop.test/item/1?access_token=***&ref=x"), "\(copied)")
    #expect(!opened.contains("TOKEN") && !copied.contains("TOKEN"))
  }
}
