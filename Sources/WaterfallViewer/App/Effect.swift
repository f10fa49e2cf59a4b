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
  /// Ask the source how a result divides by a field's values, then send back ``Message/facetCounted(_:_:)``.
  case countFacet(FacetRequest)
  /// Ask the source where an item is in a query's result (`:N` for an item not loaded), then send back
  /// ``Message/itemLocated(_:)``.
  case locateItem(ItemLocation)
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
  case cancelPicture(item: PictureSlot)
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
  /// The item whose place a new query keeps: when the page does not hold it, the source is also asked where it
  /// is in the result (``PageDelivery/location``).
  public var locating: ItemID?

  public init(request: PageRequest, pageRequest: CataloguePageRequest, locating: ItemID? = nil) {
    self.request = request
    self.pageRequest = pageRequest
    self.locating = locating
  }
}

/// Where an item is in a query's result: asked with `rank` nil, answered with its rank (nil: not in the result,
/// or the source cannot tell).
public struct ItemLocation: Hashable, Sendable {
  public var item: ItemID
  public var query: CatalogueQuery
  public var rank: Int?

  public init(item: ItemID, query: CatalogueQuery, rank: Int? = nil) {
    (self.item, self.query, self.rank) = (item, query, rank)
  }
}

/// A search over a query's whole result.
public struct MatchSearch: Hashable, Sendable {
  /// What the matches are for: only the latest search of each purpose is worth finishing.
  public enum Purpose: Hashable, Sendable {
    /// `/`: where the matches are, to walk with `n` and `N`.
    case search
    /// `&` as it is typed: how many there are.
    case filterCount
  }

  public var pattern: ItemQuery
  public var query: CatalogueQuery
  public var purpose: Purpose

  public init(pattern: ItemQuery, query: CatalogueQuery, purpose: Purpose = .search) {
    (self.pattern, self.query, self.purpose) = (pattern, query, purpose)
  }
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
