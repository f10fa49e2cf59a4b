import Pictures
import ShopCatalog
import WaterfallKit

/// Everything that reaches the viewer's ``Viewer/update(_:)``: what the person does, the passing of time, and
/// what background work brings back (through the one ``Mailbox``).
public enum Message: Sendable {
  /// The runner started: the first page is asked for.
  case start
  case input(InputEvent)
  /// The clock reads `now` milliseconds since the start.
  case tick(now: Int)
  case pageArrived(PageDelivery)
  case pictureArrived(PictureResult)
  /// The source read further into the catalogue.
  case readingProgressed(ReadingProgress)
  /// The source found a search's matches in the whole result (``Effect/findMatches(_:)``).
  case matchesFound(FoundMatches)
  /// The source counted the items a pattern matches (``MatchSearch/Purpose/filterCount``).
  case matchesCounted(MatchSearch, count: Int)
  /// The source counted a field's values (``Effect/countFacet(_:)``).
  case facetCounted(FacetRequest, FacetCounts)
  /// The source found where an item is in a query's result (``Effect/locateItem(_:)``).
  case itemLocated(ItemLocation)
  /// A stretch of the result was measured (``Effect/measure(_:)``).
  case measured(MeasureDelivery)
  /// A page of a measured result came (``Effect/loadFarPage(_:)``).
  case farPageArrived(FarPageDelivery)
  /// Something done outside went wrong (opening a link): a line for the status bar.
  case notice(String)
}

/// Where a search's matches are in the whole query result.
public struct FoundMatches: Sendable {
  public var search: MatchSearch
  /// Ranks in the result, ascending.
  public var ranks: [Int]

  public init(search: MatchSearch, ranks: [Int]) { (self.search, self.ranks) = (search, ranks) }
}

/// A page the viewer asked for (``Effect/loadPage(_:)``), and what the source answered.
public struct PageDelivery: Sendable {
  public var load: PageLoad
  public var response: CatalogueResponse
  /// Where the item the load was locating (``PageLoad/locating``) is in the result, when the page does not hold
  /// it: its rank, or `nil` when it is not in the result or the source cannot tell.
  public var location: (item: ItemID, rank: Int?)?

  public init(load: PageLoad, response: CatalogueResponse, location: (item: ItemID, rank: Int?)? = nil) {
    (self.load, self.response, self.location) = (load, response, location)
  }
}

/// What the source answered to a ``MeasureLoad``; a stretch's shapes come as the layout's ``DisplayItem``s, made
/// off the main loop.
public struct MeasureDelivery: Sendable {
  public var load: MeasureLoad
  public var response: MeasureResponse
  public var displayItems: [DisplayItem]

  public init(load: MeasureLoad, response: MeasureResponse) {
    self.load = load
    guard case .stretch(var stretch) = response else {
      (self.response, displayItems) = (response, [])
      return
    }
    displayItems = DisplayItem.measured(stretch.items)
    // The titles were for the widths: not kept.
    stretch.items = MeasuredShapes()
    self.response = .stretch(stretch)
  }
}

/// What the source answered to a ``FarPageLoad``.
public struct FarPageDelivery: Sendable {
  public var load: FarPageLoad
  public var response: CatalogueResponse

  public init(load: FarPageLoad, response: CatalogueResponse) { (self.load, self.response) = (load, response) }
}
