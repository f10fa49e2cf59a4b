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
  /// The source found where an item is in a query's result (``Effect/locateItem(_:)``).
  case itemLocated(ItemLocation)
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
