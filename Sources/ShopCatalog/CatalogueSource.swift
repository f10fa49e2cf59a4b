/// Where the viewer's items come from: something it queries. A source answers a ``CatalogueQuery`` in pages
/// that follow one another through opaque cursors, and says how far it has read. Files, directories of pages and
/// photo folders are ``ItemCatalogue``s; ``SimulatedNetwork`` adds latency and failures to any source.
///
/// Every method may be called from any thread; ``fetch(_:)``, ``findMatches(of:in:)`` and ``rank(of:in:)`` may
/// wait for the source to read further, so they are called off the main loop.
public protocol CatalogueSource: Sendable {
  /// One page of the query's result.
  func fetch(_ request: CataloguePageRequest) -> CatalogueResponse
  /// The positions (ranks, from 0) in `query`'s whole result of the items that match `pattern`, ascending.
  func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int]
  /// As ``findMatches(of:in:)``, stopping where it runs when `cancellation` says the answer is no longer wanted
  /// (`nil` then).
  func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]?
  /// How many items of the whole catalogue match `pattern` (what `&` would show), stopping as
  /// ``findMatches(of:in:cancellation:)`` does; a server counts without sending every match.
  func countMatches(of pattern: ItemQuery, cancellation: WorkCancellation) -> Int?
  /// How `query`'s result divides by `field`'s values (``FacetCounts``), the `limit` most common named; nil when
  /// `cancellation` stops it or the source cannot answer.
  func facet(_ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation) -> FacetCounts?
  /// Where `item` is in `query`'s whole result: its rank, from 0; `nil` when it is not in the result, or when
  /// the source cannot tell (an HTTP feed, whose order only its server knows). What keeps the user's place
  /// when a new query's first page does not hold the item they were looking at.
  func rank(of item: ItemID, in query: CatalogueQuery) -> Int?
  /// How far the source has read its catalogue.
  var progress: ReadingProgress { get }
  /// The simulated network latency to wait out before each fetch; 0 for a local source.
  var latencyMilliseconds: Int { get }
  /// A stretch of a query's result measured for the layout (``MeasureRequest``); may wait, so called off the
  /// main loop.
  func measure(_ request: MeasureRequest) -> MeasureResponse
}

/// Where a reader of a query's result is. Only the source that made it reads it.
public struct PageCursor: Hashable, Sendable {
  /// A page number, or an index into the source's own table of positions (an HTTP feed's next addresses).
  public let page: Int
  /// A source's own place in its result (a keyset, a server's cursor); opaque to everyone else.
  public let token: String?

  public init(page: Int) { (self.page, token) = (page, nil) }

  /// A cursor of a source that keeps its place as text (the SQLite source keeps the last row's sort keys).
  public init(token: String) { (page, self.token) = (0, token) }
}

/// One page asked of a source: the query, where in its result (`nil`: the start), and which attempt.
public struct CataloguePageRequest: Hashable, Sendable {
  public var query: CatalogueQuery
  public var cursor: PageCursor?
  /// Pages of this query answered before this one, counting from 0 (for messages, and failures by seed).
  public var pageNumber: Int
  /// Attempts at this page before this one.
  public var attempt: Int

  public init(query: CatalogueQuery, cursor: PageCursor? = nil, pageNumber: Int = 0, attempt: Int = 0) {
    (self.query, self.cursor, self.pageNumber, self.attempt) = (query, cursor, pageNumber, attempt)
  }
}

/// What a source answers.
public enum CatalogueResponse: Hashable, Sendable {
  case page(CataloguePage)
  case failure(reason: String)
}

/// A page of a query's result.
public struct CataloguePage: Hashable, Sendable {
  public var items: [ShopItem]
  /// Each item's identity, beside it.
  public var ids: [ItemID]
  /// When the query groups: the groups the page's items belong to, in order, with how many of them are here.
  public var groups: [GroupRun]
  /// Where the next page starts; `nil` at the end of the result.
  public var next: PageCursor?
  /// Items in the whole result, when known (a query read in the catalogue's order knows it once read).
  public var resultCount: Int?
  /// The source answered over the items it has loaded, not the whole catalogue (an HTTP feed asked for a sort or
  /// filter its server cannot do): the viewer says so.
  public var loadedItemsOnly = false
  /// Pages passed over on the way to this one because they could not be read (a directory's broken file): each
  /// names its file and why. The viewer says they were skipped.
  public var skippedPages: [String] = []

  public init(
    items: [ShopItem], ids: [ItemID], groups: [GroupRun] = [], next: PageCursor?, resultCount: Int?,
    loadedItemsOnly: Bool = false
  ) {
    (self.items, self.ids, self.groups, self.next, self.resultCount) = (items, ids, groups, next, resultCount)
    self.loadedItemsOnly = loadedItemsOnly
  }

  public var hasMore: Bool { next != nil }
}

/// A run of a page's items that belong to one group of the result.
public struct GroupRun: Hashable, Sendable {
  /// The group's place among the result's groups, from 0.
  public var ordinal: Int
  /// The value as stored, or "(no shop)" for the items without one.
  public var name: String
  /// Items of the group in the whole result.
  public var totalCount: Int
  /// Items of the group on this page.
  public var count: Int

  public init(ordinal: Int, name: String, totalCount: Int, count: Int) {
    (self.ordinal, self.name, self.totalCount, self.count) = (ordinal, name, totalCount, count)
  }

  /// A page's runs once the rows `kept` marks false are left out (a row the dataset rules reject): each run counts
  /// its kept rows and a run left with none is dropped, so the runs add up to the page's items, as the layout
  /// requires.
  public static func recounted(_ runs: [GroupRun], kept: [Bool]) -> [GroupRun] {
    var start = 0
    return runs.compactMap { run in
      var run = run
      let end = min(kept.count, start + run.count)
      run.count = kept[start..<end].count { $0 }
      start = end
      return run.count > 0 ? run : nil
    }
  }
}

/// How far a source has read its catalogue.
public struct ReadingProgress: Hashable, Sendable {
  /// Usable items read so far.
  public var itemsRead = 0
  /// Items left out so far because a field was unusable.
  public var skippedItems = 0
  /// From 0 to 1, by bytes (or pictures) read.
  public var fraction = 0.0
  public var isComplete = false
  /// Whether ``fraction`` means anything: a pipe's length is not known until it ends.
  public var isSizeKnown = true
  /// What stopped the reading before the end of a file (a malformed record): the file, the line and why.
  public var stoppedBy: String?
  /// Pages come only when asked for (a feed): the items read so far are not the catalogue's size.
  public var readsOnDemand = false
  /// Items others added to the catalogue since the result shown was read (a PostgreSQL table another client
  /// inserts into): the viewer announces them, and `r` reads them in.
  public var newItems = 0

  public init() {}

  /// The catalogue's size, once the whole of it is read; nil while it is not, or never is (a feed).
  public var total: Int? { isComplete && !readsOnDemand ? itemsRead : nil }
}

extension CatalogueSource {
  /// A source that cannot stop a search half-way (a feed's few loaded pages) starts none cancelled already.
  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]? {
    cancellation.isCancelled ? nil : findMatches(of: pattern, in: query)
  }

  /// By default, the matches found and counted.
  public func countMatches(of pattern: ItemQuery, cancellation: WorkCancellation) -> Int? {
    findMatches(of: pattern, in: CatalogueQuery(), cancellation: cancellation)?.count
  }
}
