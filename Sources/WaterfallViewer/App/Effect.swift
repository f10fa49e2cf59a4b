import Pictures
import ShopCatalog
import WaterfallKit

/// What ``Viewer/update(_:)`` asks the world to do. The viewer itself starts no I/O and no thread; the
/// ``Runner`` carries these out.
public enum Effect: Hashable, Sendable {
  /// Ask the source for a page (after its simulated latency), then send back ``Message/pageArrived(_:)``.
  case loadPage(PageLoad)
  /// Ask the source where a search's matches are in the whole result, then send back
  /// ``Message/matchesFound(_:)``.
  case findMatches(MatchSearch)
  /// Measure a stretch of a query's result for the layout (`G`), then send back ``Message/measured(_:)``.
  case measure(MeasureLoad)
  /// The measuring numbered so is no longer wanted (Esc, a new query): its next stretch may be dropped.
  case cancelMeasure(number: Int)
  /// Fetch a page of a measured result by its own cursor, then send back ``Message/farPageArrived(_:)``.
  case loadFarPage(FarPageLoad)
  /// A page load whose result would now be stale (a refresh started): it may be dropped unfinished.
  case cancelPageLoad(request: Int)
  /// Load, decode and draw a picture in the background, then send back ``Message/pictureArrived(_:)``.
  case loadPicture(PictureRequest)
  /// The item's box left the buffered viewport: its picture is no longer wanted.
  case cancelPicture(item: Int)
  /// The items changed (a refresh): no picture of an earlier generation is wanted.
  case cancelPictures(generationsBefore: Int)
  /// Draw the whole terminal again, not just what changed (Ctrl-L).
  case redrawAll
  /// Open this address (a link or a picture) outside, in the user's browser; a failure comes back as
  /// ``Message/notice(_:)``.
  case openExternally(String)
  /// Put this text on the clipboard, through the terminal (OSC 52).
  case copyToClipboard(String)
  case quit
}

/// One page fetch: which page of which query, for which of the engine's requests.
public struct PageLoad: Hashable, Sendable {
  public var request: PageRequest
  public var pageRequest: CataloguePageRequest

  public init(request: PageRequest, pageRequest: CataloguePageRequest) {
    self.request = request
    self.pageRequest = pageRequest
  }
}

/// A search over a query's whole result.
public struct MatchSearch: Hashable, Sendable {
  public var pattern: ItemQuery
  public var query: CatalogueQuery

  public init(pattern: ItemQuery, query: CatalogueQuery) { (self.pattern, self.query) = (pattern, query) }
}

/// A stretch of the result to measure, for the measuring numbered `number`.
public struct MeasureLoad: Hashable, Sendable {
  public var number: Int
  public var request: MeasureRequest

  public init(number: Int, request: MeasureRequest) { (self.number, self.request) = (number, request) }
}

/// Page `page` of a measured result, fetched wherever it is.
public struct FarPageLoad: Hashable, Sendable {
  public var page: Int
  public var pageRequest: CataloguePageRequest

  public init(page: Int, pageRequest: CataloguePageRequest) { (self.page, self.pageRequest) = (page, pageRequest) }
}
