import Foundation
import ShopCatalog
import Testing

@testable import HTTPFeed

@Suite("HTTP feeds: where an item not read yet is")
struct FeedRankTests {
  @Test("in the feed's order an item read is where it is, one not read yet after them all; none past the end")
  func rankInFeedOrder() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3"))
    let first = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    #expect(source.rank(of: ItemID(number: 3), in: CatalogueQuery()) == 2)
    #expect(source.rank(of: ItemID(number: 10), in: CatalogueQuery()) == 9, "two pages on, as items are numbered")
    #expect(source.rank(of: ItemID(number: 3), in: CatalogueQuery(order: .priceAscending)) == nil)
    var next = first.next
    var page = 1
    while let cursor = next {
      next = try #require(
        source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: cursor, pageNumber: page)).page
      ).next
      page += 1
    }
    #expect(source.rank(of: ItemID(number: 10), in: CatalogueQuery()) == 9)
    #expect(source.rank(of: ItemID(number: 13), in: CatalogueQuery()) == nil, "the feed ended at 12 items")
  }
}
