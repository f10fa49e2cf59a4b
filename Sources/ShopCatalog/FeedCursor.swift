/// Where a reader of a ``PageFeed`` is: the next page to ask for and the attempt at it. It accepts a result only
/// for the page it asked for, in its current generation, so no page is lost, duplicated or reordered whatever
/// the failures, retries, late results and refreshes.
public struct FeedCursor: Hashable, Sendable {
  /// A request to hand to ``PageFeed/fetch(page:attempt:)`` and back to ``accept(_:response:)``.
  public struct Request: Hashable, Sendable {
    public var page: Int
    public var attempt: Int
    public var generation: Int
  }

  public private(set) var nextPage = 0
  public private(set) var attempt = 0
  public private(set) var generation = 0
  public private(set) var isExhausted = false

  public init() {}

  /// The request for the next page.
  public var nextRequest: Request { Request(page: nextPage, attempt: attempt, generation: generation) }

  /// Starts again from the first page; results of earlier requests will be refused.
  public mutating func restart() {
    generation += 1
    nextPage = 0
    attempt = 0
    isExhausted = false
  }

  /// Takes a response. Returns the items to append (possibly none), or `nil` when the response is stale (another
  /// generation or another page) or a failure; a failure makes the next request a new attempt at the same page.
  public mutating func accept(_ request: Request, response: PageFeed.Response) -> [ShopItem]? {
    guard request.generation == generation, request.page == nextPage, request.attempt == attempt else { return nil }
    switch response {
    case .failure:
      attempt += 1
      return nil
    case .page(let items, let hasMore):
      nextPage += 1
      attempt = 0
      isExhausted = !hasMore
      return items
    }
  }
}
