import ShopCatalog
import WaterfallKit

/// The measured-layout path of jumps (`G`, and a rank beyond the loaded items): the whole result is measured
/// stretch by stretch off the main loop, then laid out at once, and its pages are fetched where the view is. This
/// part owns the measuring under way and the far pages asked for; the viewer lays out what it hands back.
public struct Measurer: Sendable {
  /// What a stretch's arrival means.
  public enum Arrival: Sendable {
    /// Not the measuring under way (stopped, or overtaken): dropped.
    case ignored
    /// Ask for the next stretch.
    case next(Effect)
    /// The source cannot measure this result (a notice to show, if any): a jump waiting for it loads page by page.
    /// `followsEnd`: `G` on a source that cannot say where it ends (a feed): the view follows the end as its
    /// pages come, for that reason.
    case cannotMeasure(notice: String?, followsEnd: String? = nil)
    /// The last stretch: the whole result, to lay out.
    case measured(Measuring)
  }

  /// The whole result being measured, stretch by stretch; nil when not measuring.
  public internal(set) var measuring: Measuring?
  /// Measurings started so far: each has its number.
  private var started = 0
  /// The query whose result the source said it cannot measure: its jumps load page by page.
  private(set) var unmeasurableQuery: CatalogueQuery?
  /// Pages of a measured result asked for (each once), and those whose fetch failed (R asks again).
  private var farPagesAsked: Set<Int> = []
  private var farPagesFailed: Set<Int> = []

  public init() {}

  /// Starts measuring `query`'s result: returns the request for its first stretch.
  mutating func start(to destination: Measuring.Destination, query: CatalogueQuery, stretchRows: Int) -> Effect {
    started += 1
    measuring = Measuring(number: started, query: query, destination: destination)
    return .measure(MeasureLoad(number: started, request: MeasureRequest(query: query, limit: stretchRows)))
  }

  /// A stretch came back; `loadedText` ("50 items") names what `G` went to when the result cannot be measured.
  mutating func receive(_ delivery: MeasureDelivery, stretchRows: Int, loadedText: String) -> Arrival {
    guard var measured = measuring, measured.number == delivery.load.number else { return .ignored }
    // Taken out while it grows: appended to while `measuring` still held them, the items so far (up to 10^6)
    // were copied at every stretch.
    measuring = nil
    switch delivery.response {
    case .unavailable:
      unmeasurableQuery = measured.query
      return .cannotMeasure(notice: nil)
    case .endUnknown(let reason):
      unmeasurableQuery = measured.query
      guard measured.destination == .end else { return .cannotMeasure(notice: nil) }
      return .cannotMeasure(notice: EndFollowing.notice(reason, loaded: loadedText), followsEnd: reason)
    case .failure(let reason):
      unmeasurableQuery = measured.query
      return .cannotMeasure(notice: "could not measure to the end: \(reason)")
    case .stretch(let stretch):
      if measured.displayItems.isEmpty { measured.displayItems.reserveCapacity(stretch.resultCount) }
      measured.displayItems += delivery.displayItems
      measured.pageStarts += stretch.pageStarts
      if let ranks = stretch.pageStartRanks { measured.pageStartRanks = (measured.pageStartRanks ?? []) + ranks }
      measured.pageSize = stretch.pageSize
      measured.total = stretch.resultCount
      guard let next = stretch.next else {
        farPagesAsked = []
        farPagesFailed = []
        return .measured(measured)
      }
      measuring = measured
      var request = MeasureRequest(query: measured.query, from: next, limit: stretchRows)
      request.itemsBefore = measured.displayItems.count
      return .next(.measure(MeasureLoad(number: measured.number, request: request)))
    }
  }

  /// The items change (a refresh, a new query) or Esc: the measuring's answer is no longer wanted. Returns the
  /// cancel to send, and the measuring stopped, when one was under way.
  mutating func cancel() -> (effect: Effect, stopped: Measuring)? {
    guard let measured = measuring else { return nil }
    measuring = nil
    return (.cancelMeasure(number: measured.number), measured)
  }

  /// `G` while measuring for a jump: the end is where the view goes now; Home (`g`): no longer to the end.
  mutating func redirect(to destination: Measuring.Destination) { measuring?.destination = destination }

  /// The loads for the pages of a measured result that the boxes at `visible` (layout indices) show, each asked
  /// once.
  mutating func farPageLoads(visible: [Int], store: ItemStore, query: CatalogueQuery) -> [Effect] {
    guard let pages = store.measuredPages else { return [] }
    var loads: [Effect] = []
    for index in visible.sorted() where index < store.count && !store.items.isLoaded(index) {
      let page = pages.page(ofRank: index)
      guard page < pages.starts.count, farPagesAsked.insert(page).inserted else { continue }
      let request = CataloguePageRequest(query: query, cursor: pages.starts[page], pageNumber: page)
      loads.append(.loadFarPage(FarPageLoad(page: page, pageRequest: request)))
    }
    return loads
  }

  /// Whether a far page that came back is still wanted: asked for, of the result laid out now.
  func wants(_ delivery: FarPageDelivery, store: ItemStore, query: CatalogueQuery) -> Bool {
    store.measuredPages != nil && delivery.load.pageRequest.query == query && farPagesAsked.contains(delivery.load.page)
  }

  /// A far page's fetch failed: R asks for it again.
  mutating func farPageFailed(_ page: Int) { farPagesFailed.insert(page) }

  /// A page of a measured result was asked for and has neither come nor failed.
  func farPagesInFlight(store: ItemStore) -> Bool {
    guard let pages = store.measuredPages else { return false }
    return farPagesAsked.subtracting(farPagesFailed).contains { page in
      page < pages.starts.count && !store.items.isLoaded(pages.firstRank(ofPage: page))
    }
  }

  /// R: pages of a measured result that failed are asked for again.
  mutating func retryFarPages() {
    farPagesAsked.subtract(farPagesFailed)
    farPagesFailed = []
  }
}
