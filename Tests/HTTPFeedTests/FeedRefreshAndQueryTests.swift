import Foundation
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@testable import HTTPFeed

@Suite("HTTP feeds: refresh and queries")
struct FeedRefreshAndQueryTests {
  @Test("asking for the first page again puts the one new item at the front of everything loaded; paging goes on")
  func refreshPrependsOne() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3&live=refresh"))
    let first = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    let second = try #require(
      source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: first.next, pageNumber: 1)).page)
    #expect(second.items.map(\.title) == (5...8).map { "Item \($0)" })
    server.prepend("refresh")
    let refreshed = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    #expect(refreshed.items.map(\.title) == ["New 1"] + (1...8).map { "Item \($0)" })
    #expect(Set(refreshed.ids).count == 9)
    #expect(Array(refreshed.ids.dropFirst()) == first.ids + second.ids, "the items already there keep their identities")
    // The next page is where the loaded ones ended; Item 8, which the shift pushed onto it, is not there twice.
    let third = try #require(
      source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: refreshed.next, pageNumber: 2)).page)
    #expect(third.items.map(\.title) == ["Item 9", "Item 10", "Item 11"])
    let fourth = try #require(
      source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: third.next, pageNumber: 3)).page)
    #expect(fourth.items.map(\.title) == ["Item 12"])
  }

  @Test("the page fetched before the terminal serves the viewer's first request; the next one asks the server")
  func primedFirstPage() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3"))
    #expect(source.prime(CatalogueQuery()).page?.items.count == 4)
    #expect(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page?.items.count == 4)
    #expect(server.requests("page", page: 1) == 1)
    #expect(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page?.items.count == 4)
    #expect(server.requests("page", page: 1) == 2)
  }

  @Test("identity is the id field, else the picture address and title")
  func identity() throws {
    let body = Array(
      """
      {"items": [{"id": 7, "w": 1, "h": 1, "price": "1", "title": "a"},
                 {"id": "7", "w": 1, "h": 1, "price": "2", "title": "b"},
                 {"w": 1, "h": 1, "price": "3", "title": "c", "img": "/x.png"},
                 {"w": 1, "h": 1, "price": "4", "title": "c", "img": "/y.png"}]}
      """.utf8)
    let page = try FeedPageBody.read(bytes: body, address: "feed")
    #expect(page.identities.count == 4)
    #expect(page.identities[0] == page.identities[1], "7 and \"7\" are one id")
    #expect(page.identities[2] != page.identities[3])
  }

  @Test("with {sort} and {q} in the address the server sorts and filters; the answer is the server's")
  func queriesSentToServer() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/sorted?page={page}&per=3&pages=3&sort={sort}&q={q}"))
    let query = CatalogueQuery(order: .priceDescending, filter: ItemQuery("item"))
    let read = titlesByPage(source, query: query)
    #expect(read.pages.flatMap { $0 } == (1...9).reversed().map { "Item \($0)" })
    #expect(read.lastPage?.loadedItemsOnly == false)
  }

  @Test("without {sort} a sort acts on the loaded items only, says so, and has no more pages")
  func queriesOverLoadedItems() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3"))
    let first = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    _ = source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: first.next, pageNumber: 1))
    let sorted = try #require(
      source.fetch(CataloguePageRequest(query: CatalogueQuery(order: .priceDescending))).page)
    #expect(sorted.items.map(\.title) == (1...8).reversed().map { "Item \($0)" })
    #expect(sorted.loadedItemsOnly)
    #expect(sorted.next == nil)
    #expect(server.requests("page", page: 3) == 0, "nothing more was fetched for the sort")
    let filtered = try #require(
      source.fetch(CataloguePageRequest(query: CatalogueQuery(filter: ItemQuery("¥15")))).page)
    #expect(filtered.items.map(\.title) == ["Item 5"])
    #expect(source.findMatches(of: ItemQuery("item 2"), in: CatalogueQuery()) == [1])
  }

  @Test("a filter {q} cannot carry (a condition, a word turned round) acts on the loaded items, and says so")
  func filterLanguageOverLoadedItems() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/sorted?page={page}&per=3&pages=3&sort={sort}&q={q}"))
    let first = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    _ = source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: first.next, pageNumber: 1))
    let cheap = try #require(
      source.fetch(CataloguePageRequest(query: CatalogueQuery(filter: ItemQuery("price<14 -2")))).page)
    #expect(cheap.items.map(\.title) == ["Item 1", "Item 3"])
    #expect(cheap.loadedItemsOnly)
    #expect(server.requests("sorted", page: 3) == 0, "nothing more was fetched for the filter")
  }

  @Test("picture addresses relative to the feed are made absolute")
  func relativePictures() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=2&pages=1&img=1"))
    let page = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    #expect(page.items.first?.imageURL == server.url("/picture/page-1.png"))
  }

  @Test("an item's page relative to the feed is made absolute, so x can open it")
  func relativePageOfAnItem() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=2&pages=1&img=1&page_url=1"))
    let item = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page?.items.first)
    #expect(item.extraFields.first { $0.key == "url" }?.value == server.url("/product/page-1"))
    #expect(item.imageURL == server.url("/picture/page-1.png"), "the picture is still the img field")
  }

  @Test("an item's page relative to the feed (url, link, href) is made absolute; other fields and schemes are kept")
  func relativePageLinks() {
    let base = URL(string: "https://shop.test/api/items?page=2")
    let fields = [
      ExtraField(key: "url", value: "/p/1"), ExtraField(key: "Link", value: "p/2"),
      ExtraField(key: "href", value: "https://other.test/p/3"), ExtraField(key: "note", value: "/not/a/link"),
      ExtraField(key: "link", value: "javascript:alert(1)"),
    ]
    #expect(
      HTTPFeedCatalogue.resolve(pageLinks: fields, against: base).map(\.value) == [
        "https://shop.test/p/1", "https://shop.test/api/p/2", "https://other.test/p/3", "/not/a/link",
        "javascript:alert(1)",
      ])
  }

  @Test("a feed's picture never names a file on this machine: file: and other schemes are no picture")
  func picturesStayOnTheWeb() {
    let base = URL(string: "https://shop.test/api/items?page=2")
    #expect(HTTPFeedCatalogue.resolve(picture: "/img/1.jpg", against: base) == "https://shop.test/img/1.jpg")
    #expect(HTTPFeedCatalogue.resolve(picture: "https://cdn.test/a.png", against: base) == "https://cdn.test/a.png")
    #expect(HTTPFeedCatalogue.resolve(picture: "file:///etc/passwd", against: base) == "")
    #expect(HTTPFeedCatalogue.resolve(picture: "file:/home/me/secret.jpg", against: base) == "")
    #expect(HTTPFeedCatalogue.resolve(picture: "data:image/png;base64,AAAA", against: base) == "")
  }
}

@Suite("HTTP feeds in the viewer")
struct FeedViewerTests {
  static func run(_ source: HTTPFeedCatalogue, height: Int = 20) -> ScriptedRun {
    var options = ViewerOptions()
    options.refreshKeepsItems = true
    options.catalogueName = source.template.displayName
    return ScriptedRun(source: source, size: GridSize(width: 60, height: height), options: options)
  }

  @Test("r puts the new item at the front, keeps the rest and the focused item, and says what came")
  func refreshKeepsPlace() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=6&pages=4&live=viewer"))
    let run = Self.run(source)
    run.apply(try KeyScript.parse("G G G"))
    #expect(run.viewer.store.count >= 12)
    run.apply(try KeyScript.parse("l"))
    let focused = try #require(run.viewer.state.keyboardFocus)
    let focusedID = run.viewer.store.ids[focused]
    let before = Array(run.viewer.store.ids)
    let offsetBefore = run.viewer.waterfall.contentOffset
    server.prepend("viewer")
    run.apply(try KeyScript.parse("r"))
    #expect(run.viewer.store.items.first?.title == "New 1")
    #expect(Array(run.viewer.store.ids.dropFirst()) == before)
    let now = try #require(run.viewer.state.keyboardFocus)
    #expect(run.viewer.store.ids[now] == focusedID)
    #expect(run.viewer.waterfall.layout.frame(of: now).intersects(run.viewer.waterfall.viewportRect))
    #expect(offsetBefore > 0 && run.viewer.waterfall.contentOffset > 0, "the view stayed down the feed")
    #expect(run.screen.text.contains("refreshed: 1 new at the top"), "\(run.screen.text)")
  }

  @Test("a failed load-more shows the reason in the footer; R fetches the page again")
  func failedLoadMoreRetries() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=6&pages=3&fail=2"))
    let run = Self.run(source)
    let failed = run.run(try KeyScript.parse("G G"))
    #expect(failed.contains("load failed, R retries: the server answered 500"), "\(failed)")
    #expect(run.viewer.store.count == 6)
    run.apply(try KeyScript.parse("R G G G G"))
    #expect(run.viewer.store.count == 18)
    #expect(run.screen.text.contains("end of the catalogue"), "\(run.screen.text)")
  }

  @Test("a sort the server cannot do says \"(loaded items only)\" in the status bar")
  func loadedItemsOnly() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=6&pages=3"))
    let run = Self.run(source)
    #expect(!run.screen.text.contains("loaded items only"))
    let sorted = run.run(try KeyScript.parse("o"))
    #expect(sorted.contains("(loaded items only)"), "\(sorted)")
    let back = run.run(try KeyScript.parse("o o o"))
    #expect(!back.contains("loaded items only"), "\(back)")
  }
}
