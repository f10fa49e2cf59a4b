import ShopCatalog

/// The loaded part of the current query's result, in its order, and where the next page starts: what the
/// engine's data source reads. Index `i` is the item's rank in the result (and its place in the layout).
///
/// Once the whole result is measured (``adopt(_:)``, what `G` does), the store is as long as the result: every
/// rank has its ``DisplayItem`` (what the layout needs), and items load by page wherever the view is.
public struct ItemStore: Sendable {
  public private(set) var items = LoadedItems(placeholder: ShopItem(width: 1, height: 1, price: ""))
  /// Each item's identity in the catalogue, beside it.
  public private(set) var ids = LoadedItems(placeholder: ItemID(-1))
  /// What the layout needs of each item, computed once when it arrives (or is measured).
  public private(set) var displayItems: [DisplayItem] = []
  /// When the query groups: the groups of the loaded items, in order, each with its loaded and total count.
  public private(set) var sections: [LoadedSection] = []
  /// Items in the whole result, when the source knows it.
  public private(set) var resultCount: Int?
  /// The source answered over the items it had loaded, not its whole catalogue.
  public private(set) var loadedItemsOnly = false
  /// The whole result's pages, once measured: where each starts.
  public private(set) var measuredPages: MeasuredPages?
  /// Where the next page starts; `nil` before the first page and after the last.
  private var next: PageCursor?
  /// The extra fields' names of every item taken since the viewer opened, kept across new queries: what a
  /// filter's field is looked for in (a filter that matches nothing leaves no items to look at).
  public private(set) var extraKeysSeen: Set<String> = []
  /// Pages taken so far, and failed attempts at the next one.
  private var pagesTaken = 0
  private var attempt = 0

  public init() {}

  public var count: Int { displayItems.count }

  /// The number (`#N`) of the item at `index`, once it has loaded: a measured place not loaded yet has none.
  public func number(at index: Int) -> Int? {
    guard index >= 0, index < count else { return nil }
    let id = ids[index]
    return id.rawValue >= 0 ? id.number : nil
  }

  /// Items loaded from the start of the result, one page after another.
  public var loadedRunCount: Int { items.run.count }

  /// A page of the result has arrived (until then a failure is the first load's, not a refresh's).
  public var hasFirstPage: Bool { pagesTaken > 0 }

  /// The last page is taken: nothing follows it (a request for the next page would be for the first).
  public var isAtEnd: Bool { pagesTaken > 0 && next == nil }

  /// How many items the result has as far as is known: the source's count, else those loaded, with a "+" while
  /// more may come (a filter the source has not counted yet is not said to match only what is loaded).
  public var resultCountText: String {
    if let resultCount { return "\(resultCount)" }
    return isAtEnd ? "\(count)" : "\(count)+"
  }

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
      // Once measured, the count is the items measured: a page's count is the source's, which may include rows
      // it leaves out (a SQLite row changed by hand), and would say 330 where the measure found 329.
      if measuredPages == nil { resultCount = page.resultCount ?? resultCount }
      loadedItemsOnly = page.loadedItemsOnly
      let start = items.run.count
      noteExtraKeys(page.items)
      items.append(contentsOf: page.items)
      ids.append(contentsOf: page.ids)
      let arrived = page.items.map(DisplayItem.init)
      if measuredPages == nil {
        displayItems += arrived
      } else {
        for (offset, display) in arrived.enumerated() where start + offset < displayItems.count {
          displayItems[start + offset] = display
        }
      }
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
    let seen = extraKeysSeen
    self = ItemStore()
    extraKeysSeen = seen
    take(response)
  }

  private mutating func noteExtraKeys(_ arrived: [ShopItem]) {
    for item in arrived { for field in item.extraFields { extraKeysSeen.insert(field.key) } }
  }

  /// The whole result measured: every rank gets its shape (the loaded items keep theirs), and pages load
  /// anywhere from now on (``put(_:page:)``). The shapes' buffer is taken as it is, not copied: it is the whole
  /// result (8 MB at 10^6 items), and only the loaded items' few shapes are written into it.
  mutating func adopt(_ measured: consuming MeasuredResult) {
    var shapes: [DisplayItem] = []
    swap(&shapes, &measured.shapes)
    let measuredCount = shapes.count
    shapes.replaceSubrange(0..<min(displayItems.count, measuredCount), with: displayItems)
    displayItems = []
    swap(&displayItems, &shapes)
    items.extend(to: displayItems.count)
    ids.extend(to: displayItems.count)
    resultCount = measuredCount
    measuredPages = MeasuredPages(pageSize: measured.pageSize, starts: measured.starts, startRanks: measured.startRanks)
  }

  /// Page `page` of a measured result, fetched on its own.
  mutating func put(_ page: CataloguePage, page number: Int) {
    guard let pages = measuredPages else { return }
    let start = pages.firstRank(ofPage: number)
    let fitting = Array(page.items.prefix(max(0, displayItems.count - start)))
    noteExtraKeys(fitting)
    items.put(fitting, from: start)
    ids.put(Array(page.ids.prefix(fitting.count)), from: start)
    for (offset, item) in fitting.enumerated() { displayItems[start + offset] = DisplayItem(item) }
  }
}

/// A measured result's pages: page `p` holds ranks `p * pageSize ..< (p + 1) * pageSize` (or from `startRanks[p]`
/// to the next page's) and starts at `starts[p]` (`nil`: the result's start).
public struct MeasuredPages: Sendable {
  public var pageSize: Int
  public var starts: [PageCursor?]
  /// The rank each page starts at, when pages vary in size (a directory's files).
  public var startRanks: [Int]?

  public func page(ofRank rank: Int) -> Int {
    guard let startRanks else { return rank / max(1, pageSize) }
    // The last page starting at or before the rank.
    var (low, high) = (0, startRanks.count)
    while low < high {
      let middle = (low + high) / 2
      if startRanks[middle] <= rank { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  public func firstRank(ofPage page: Int) -> Int { startRanks.map { $0[page] } ?? page * pageSize }
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
