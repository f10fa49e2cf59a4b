import ShopCatalog

/// The items the viewer holds and where it is in the feed: what the engine's data source reads.
public struct ItemStore: Sendable {
  public private(set) var items: [ShopItem] = []
  /// What the layout needs of each item, computed once when it arrives.
  public private(set) var displayItems: [DisplayItem] = []
  /// The next page to ask the feed for.
  public private(set) var cursor = FeedCursor()

  public init() {}

  public var count: Int { items.count }

  public var countText: String { items.count == 1 ? "1 item" : "\(items.count) items" }

  /// Takes the answer to the request at ``cursor`` (the engine's paging state machine has already decided it is
  /// not stale): a page is appended, a failure makes the next request a new attempt.
  public mutating func take(_ response: PageFeed.Response) {
    if let page = cursor.advance(past: response) {
      items += page
      displayItems += page.map(DisplayItem.init)
    }
  }

  /// Starts over from the first page's answer (a refresh).
  public mutating func replace(with response: PageFeed.Response) {
    self = ItemStore()
    take(response)
  }
}
