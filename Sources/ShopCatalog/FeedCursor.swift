/// Where a reader of a ``PageFeed`` is: the next page to ask for and the attempt at it. Whether an answer is
/// still wanted (not stale) is the caller's paging state machine's to decide, in one place; the cursor only
/// moves past the answers it is given.
public struct FeedCursor: Hashable, Sendable {
  /// A request to hand to ``PageFeed/fetch(page:attempt:)``.
  public struct Request: Hashable, Sendable {
    public var page: Int
    public var attempt: Int

    public init(page: Int, attempt: Int) { (self.page, self.attempt) = (page, attempt) }
  }

  public private(set) var nextPage = 0
  public private(set) var attempt = 0

  public init() {}

  /// The request for the next page.
  public var nextRequest: Request { Request(page: nextPage, attempt: attempt) }

  /// Moves past the answer to ``nextRequest``: returns the page's items (possibly none), or `nil` for a
  /// failure, after which the next request is a new attempt at the same page.
  public mutating func advance(past response: PageFeed.Response) -> [ShopItem]? {
    switch response {
    case .failure:
      attempt += 1
      return nil
    case .page(let items, _):
      nextPage += 1
      attempt = 0
      return items
    }
  }
}
