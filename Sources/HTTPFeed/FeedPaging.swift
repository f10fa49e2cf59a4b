import Foundation
import ShopCatalog

/// Where a feed's next page is, from the answer to this one, in this order: an RFC 8288 `Link` header (a feed
/// that pages by `Link` ends at a page whose links name no `next`); a next field of the body (``FeedPageBody``:
/// an address is followed, anything else goes into the template's `{cursor}`); the template's `{page}` counting
/// up. An empty page, a next field that says there is none, or none of the three ends the feed.
enum FeedPaging {
  /// Relations that show a feed pages by `Link` headers.
  static let pagingRelations = ["next", "prev", "previous", "first", "last"]

  static func next(
    after position: HTTPFeedCatalogue.Position, answer: FeedFetcher.Answer, body: FeedPageBody,
    template: FeedTemplate, query: CatalogueQuery
  ) -> HTTPFeedCatalogue.Position? {
    guard !body.items.isEmpty || !body.problems.isEmpty else { return nil }
    let page = position.page + 1
    let next: HTTPFeedCatalogue.Position?
    if let header = answer.linkHeader,
      pagingRelations.contains(where: { LinkHeader.target(in: header, relation: $0) != nil })
    {
      next = LinkHeader.target(in: header, relation: "next").map {
        .init(address: resolve($0, against: URL(string: answer.address)), page: page)
      }
    } else {
      switch body.next {
      case .end: next = nil
      case .value(let value) where isWebAddress(value): next = .init(address: value, page: page)
      case .value(let value) where template.namesCursor:
        next = .init(address: template.address(page: page, cursor: value, for: query), page: page)
      case .value(let value): next = .init(address: resolve(value, against: URL(string: answer.address)), page: page)
      case .unstated:
        next = template.namesPage ? .init(address: template.address(page: page, for: query), page: page) : nil
      }
    }
    // A next page that is this page again would never end.
    guard let next, next.address != position.address, next.address != answer.address else { return nil }
    return next
  }

  private static func isWebAddress(_ text: String) -> Bool { FeedTemplate.isWebAddress(text) }

  /// `reference` taken against `base` (a page's address); as it is when either is not a URL.
  static func resolve(_ reference: String, against base: URL?) -> String {
    guard let base, let resolved = URL(string: reference, relativeTo: base) else { return reference }
    return resolved.absoluteString
  }
}
