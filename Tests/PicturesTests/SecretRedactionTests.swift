import Testing

@testable import Pictures

@Suite("Secrets in addresses")
struct SecretRedactionTests {
  @Test(
    "a query value named like a secret is hidden, whatever its case; other values stay",
    arguments: [
      ("http://h/feed?token=T1&page={page}", "http://h/feed?token=***&page={page}"),
      ("http://h/feed?page=2&KEY=k&q=shoes", "http://h/feed?page=2&KEY=***&q=shoes"),
      ("https://h/a?api_key=1&apikey=2&Access_Token=3", "https://h/a?api_key=***&apikey=***&Access_Token=***"),
      ("https://h/a?auth=1;sig=2&signature=3", "https://h/a?auth=***;sig=***&signature=***"),
      ("https://h/a?secret=s&password=p&sort=price", "https://h/a?secret=***&password=***&sort=price"),
      (
        "https://h/a?refresh_token=r&client_secret=c&X-Amz-Signature=x",
        "https://h/a?refresh_token=***&client_secret=***&X-Amz-Signature=***"
      ),
      ("https://h/a?api%5Fkey=1", "https://h/a?api%5Fkey=***"),
      ("https://h/cb#access_token=abc&state=1", "https://h/cb#access_token=***&state=1"),
      ("https://h/a?monkey=1&keys=2&tokens=3", "https://h/a?monkey=1&keys=2&tokens=3"),
    ])
  func hidesSecretParameters(address: String, shown: String) {
    #expect(RedactedURL.text(address) == shown)
  }

  @Test("credentials and query secrets together; an address inside a message too, the words around it kept")
  func insideMessages() {
    let address = "http://shopper:PASSWORD@127.0.0.1:1/page/{page}?token=TOKEN"
    #expect(RedactedURL.text(address) == "http://***@127.0.0.1:1/page/{page}?token=***")
    let message = "refused: \(address) (after 2 tries), then --data=https://u:p@h/x?sig=S"
    #expect(
      RedactedURL.text(message)
        == "refused: http://***@127.0.0.1:1/page/{page}?token=*** (after 2 tries), then --data=https://***@h/x?sig=***")
    #expect(RedactedURL.text("no address here: token=T") == "no address here: token=T")
  }
}
