import Testing

@testable import HTTPFeed
@testable import ShopCatalog

/// Reading a feed's answers without a server: bodies and Link headers.
@Suite("HTTP feeds: bodies and Link headers")
struct FeedBodyTests {
  static let item = #"{"w": 3, "h": 4, "price": "¥1", "title": "t"}"#

  static func read(_ json: String) throws -> FeedPageBody {
    try FeedPageBody.read(bytes: Array(json.utf8), address: "http://shop.test/p")
  }

  @Test("an array, or an object holding one under items, data, products or results")
  func envelopes() throws {
    #expect(try Self.read("[\(Self.item)]").items.count == 1)
    for key in FeedPageBody.itemKeys {
      #expect(try Self.read(#"{"total": 9, "\#(key)": [\#(Self.item), \#(Self.item)]}"#).items.count == 2, "\(key)")
    }
    #expect(try Self.read("[]").items.isEmpty)
  }

  @Test("next fields: an address or a cursor, null and false end, pageInfo's endCursor with hasNextPage")
  func nextFields() throws {
    #expect(try Self.read(#"{"items": [], "next": "https://x/2"}"#).next == .value("https://x/2"))
    #expect(try Self.read(#"{"items": [], "next_url": "/p?page=2"}"#).next == .value("/p?page=2"))
    #expect(try Self.read(#"{"items": [], "nextCursor": "abc"}"#).next == .value("abc"))
    #expect(try Self.read(#"{"items": [], "nextCursor": 12}"#).next == .value("12"))
    #expect(try Self.read(#"{"items": [], "next": null}"#).next == .end)
    #expect(try Self.read(#"{"items": [], "next": ""}"#).next == .end)
    #expect(try Self.read(#"{"items": []}"#).next == .unstated)
    #expect(try Self.read("[]").next == .unstated)
    let more = #"{"data": [], "pageInfo": {"endCursor": "Y3Vy", "hasNextPage": true}}"#
    #expect(try Self.read(more).next == .value("Y3Vy"))
    let done = #"{"data": [], "pageInfo": {"endCursor": "Y3Vy", "hasNextPage": false}}"#
    #expect(try Self.read(done).next == .end)
  }

  @Test("what is not a feed page is an error naming the address; a bad item is a problem, the rest are read")
  func badBodies() throws {
    for (json, words) in [
      ("<html>", "not JSON"), (#"{"items": 3}"#, "without an array of items"), ("7", "not an array of items"),
      ("[1,]", "not JSON"),
    ] {
      let error = #expect(throws: DatasetError.self) { try Self.read(json) }
      let text = error?.description ?? ""
      #expect(text.hasPrefix("http://shop.test/p: ") && text.contains(words), "\(json): \(text)")
    }
    let mixed = try Self.read(#"[\#(Self.item), 5, {"w": "x", "h": 1, "price": 1}, \#(Self.item)]"#)
    #expect(mixed.items.count == 2)
    #expect(mixed.problems.map(\.item) == [2, 3])
    #expect(mixed.problems.last?.description.contains("http://shop.test/p: item 3: w:") == true)
  }

  @Test("Link headers: rel=next among others, quoted or not, several relations, commas inside quotes")
  func linkHeaders() {
    let header = #"<https://a/1>; rel="first", <https://a/3>; rel="next last"; title="a, b", <https://a/0>; rel=prev"#
    #expect(LinkHeader.target(in: header, relation: "next") == "https://a/3")
    #expect(LinkHeader.target(in: header, relation: "prev") == "https://a/0")
    #expect(LinkHeader.target(in: header, relation: "first") == "https://a/1")
    #expect(LinkHeader.target(in: #"<https://a/2>; rel=NEXT"#, relation: "next") == "https://a/2")
    #expect(LinkHeader.target(in: #"<https://a/1>; rel="prev""#, relation: "next") == nil)
    #expect(LinkHeader.target(in: "", relation: "next") == nil)
    #expect(LinkHeader.target(in: "<unclosed; rel=next", relation: "next") == nil)
  }

  @Test("templates: placeholders filled and escaped; only http(s) addresses are feeds")
  func templates() throws {
    let template = try FeedTemplate("https://shop.test/api?page={page}&sort={sort}&q={q}&after={cursor}")
    let query = CatalogueQuery(order: .priceDescending, filter: ItemQuery("wool & silk"))
    #expect(
      template.address(page: 3, cursor: "a b", for: query)
        == "https://shop.test/api?page=3&sort=-price&q=wool%20%26%20silk&after=a%20b")
    #expect(template.address(page: 1, for: CatalogueQuery()) == "https://shop.test/api?page=1&sort=&q=&after=")
    let accented = CatalogueQuery(filter: ItemQuery("连衣裙 café"))
    #expect(
      template.address(page: 1, for: accented)
        == "https://shop.test/api?page=1&sort=&q=%E8%BF%9E%E8%A1%A3%E8%A3%99%20caf%C3%A9&after=",
      "letters outside ASCII are percent-encoded as UTF-8, never sent raw")
    #expect(template.answersOnServer(query))
    #expect(!template.answersOnServer(CatalogueQuery(grouping: .shop)))
    let plain = try FeedTemplate("http://u:p@shop.test:8080/items?page={page}")
    #expect(!plain.answersOnServer(CatalogueQuery(order: .title)))
    #expect(plain.answersOnServer(CatalogueQuery()))
    #expect(plain.displayName == "shop.test:8080/items")
    #expect(throws: FeedTemplateError.self) { try FeedTemplate("ftp://shop.test/x") }
    #expect(throws: FeedTemplateError.self) { try FeedTemplate("http://") }
  }
}
