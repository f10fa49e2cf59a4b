/// Measuring a query's whole result for the layout: the end of the masonry (`G`) needs every item's height, and
/// a height needs only the picture's shape and the title's width. A source answers a stretch of the result at a
/// time, so the work can be shown, stopped, and carried on off the main loop.
public struct MeasureRequest: Hashable, Sendable {
  public var query: CatalogueQuery
  /// Where the stretch starts (a cursor of ``MeasuredStretch/next``); `nil`: the start of the result.
  public var from: PageCursor?
  /// Items of the stretch at most (whole pages: rounded up to the source's page size).
  public var limit: Int
  /// Items measured before `from`: the rank its first item takes, where a source leaves out rows it cannot use
  /// (so its cursor's count of rows says more than the items). `nil`: as many as the rows before.
  public var itemsBefore: Int?

  public init(query: CatalogueQuery, from: PageCursor? = nil, limit: Int) {
    (self.query, self.from, self.limit) = (query, from, limit)
  }
}

/// What the layout needs of an item: its picture's size and its title (for the lines the box reserves).
public struct ItemShape: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var title: String

  public init(width: Double, height: Double, title: String) {
    (self.width, self.height, self.title) = (width, height, title)
  }
}

/// A stretch of a query's result, measured: each item's shape in the result's order, and the cursor of each
/// page that starts in it, so that any page of the result can then be fetched without reading the ones before.
public struct MeasuredStretch: Sendable {
  /// Each item's shape, column-wise (no title, its metrics).
  public var items: MeasuredShapes
  /// The shapes one by one: for tests and small stretches.
  public var shapes: [MeasuredShape] {
    get { items.shapes }
    set { items = MeasuredShapes(newValue) }
  }
  /// Items per page: page `p` holds the result's ranks `p * pageSize ..< (p + 1) * pageSize`.
  public var pageSize: Int
  /// The cursor of each page starting in the stretch, in order (`nil`: the first page of the result).
  public var pageStarts: [PageCursor?]
  /// Where the next stretch starts; `nil` at the end of the result.
  public var next: PageCursor?
  /// Items in the whole result.
  public var resultCount: Int
  /// The rank each page of `pageStarts` starts at, when pages vary in size (a directory's files); `nil`: page `p`
  /// starts at `p * pageSize`.
  public var pageStartRanks: [Int]?

  public init(
    items: MeasuredShapes, pageSize: Int, pageStarts: [PageCursor?], next: PageCursor?, resultCount: Int,
    pageStartRanks: [Int]? = nil
  ) {
    (self.items, self.pageSize, self.pageStarts, self.next, self.resultCount) =
      (items, pageSize, pageStarts, next, resultCount)
    self.pageStartRanks = pageStartRanks
  }

  public init(
    shapes: [ItemShape], pageSize: Int, pageStarts: [PageCursor?], next: PageCursor?, resultCount: Int,
    pageStartRanks: [Int]? = nil
  ) {
    self.init(
      items: MeasuredShapes(shapes), pageSize: pageSize, pageStarts: pageStarts, next: next,
      resultCount: resultCount, pageStartRanks: pageStartRanks)
  }
}

public enum MeasureResponse: Sendable {
  case stretch(MeasuredStretch)
  case failure(reason: String)
  /// The source does not measure this result (sections, a foreign table, pages of any size): `G` goes to the end
  /// of the items loaded, as it always did.
  case unavailable(reason: String)
  /// The source cannot know where its result ends (an HTTP feed): why, for the status bar.
  case endUnknown(reason: String)
}

extension CatalogueSource {
  /// By default a source cannot measure its result.
  public func measure(_ request: MeasureRequest) -> MeasureResponse {
    .unavailable(reason: "this source does not measure its result")
  }
}
