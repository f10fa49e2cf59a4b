import ShopCatalog

/// The loaded part of the current query's result, in its order, and where the next page starts: what the
/// engine's data source reads. Index `i` is the item's rank in the result (and its place in the layout).
public struct ItemStore: Sendable {
  public private(set) var items: [ShopItem] = []
  /// Each item's identity in the catalogue, beside it.
  public private(set) var ids: [ItemID] = []
  /// What the layout needs of each item, computed once when it arrives.
  public private(set) var displayItems: [DisplayItem] = []
  /// When the query groups: the groups of the loaded items, in order, each with its loaded and total count.
  public private(set) var sections: [LoadedSection] = []
  /// Items in the whole result, when the source knows it.
  public private(set) var resultCount: Int?
  /// The source answered over the items it had loaded, not its whole catalogue.
  public private(set) var loadedItemsOnly = false
  /// Where the next page starts; `nil` before the first page and after the last.
  private var next: PageCursor?
  /// Pages taken so far, and failed attempts at the next one.
  private var pagesTaken = 0
  private var attempt = 0

  public init() {}

  public var count: Int { items.count }

  public var countText: String { items.count == 1 ? "1 item" : "\(items.count) items" }

  /// The request for the page after the loaded ones.
  func nextRequest(for query: CatalogueQuery) -> CataloguePageRequest {
    CataloguePageRequest(query: query, cursor: next, pageNumber: pagesTaken, attempt: attempt)
  }

  /// Takes the answer to ``nextRequest(for:)`` (the engine's paging state machine has already decided it is not
  /// stale): a page is appended, a failure makes the next request a new attempt.
  mutating func take(_ response: CatalogueResponse) {
    switch response {
    case .failure:
      attempt += 1
    case .page(let page):
      pagesTaken += 1
      attempt = 0
      next = page.next
      resultCount = page.resultCount
      loadedItemsOnly = page.loadedItemsOnly
      items += page.items
      ids += page.ids
      displayItems += page.items.map(DisplayItem.init)
      for run in page.groups {
        if let last = sections.last, last.ordinal == run.ordinal {
          sections[sections.count - 1].count += run.count
        } else {
          sections.append(
            LoadedSection(ordinal: run.ordinal, name: run.name, totalCount: run.totalCount, count: run.count))
        }
      }
    }
  }

  /// Starts over from the first page's answer (a refresh, or a new query).
  mutating func replace(with response: CatalogueResponse) {
    self = ItemStore()
    take(response)
  }
}

/// A section of the waterfall: a group of the query's result, as far as it is loaded.
public struct LoadedSection: Hashable, Sendable {
  public var ordinal: Int
  /// The value as stored (sanitised when drawn), or "(no shop)".
  public var name: String
  /// Items of the group in the whole result.
  public var totalCount: Int
  /// Items of the group loaded so far.
  public var count: Int
}
