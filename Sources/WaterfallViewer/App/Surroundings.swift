import ShopCatalog
import WaterfallKit

/// What a part reads of the root when it updates: the engine, the items, the queries and the keyboard's box. Built
/// fresh for each update and dropped before the root carries the answer out (it holds the store: kept, it would
/// make the store copy itself on the next write).
struct Surroundings {
  let waterfall: WaterfallView
  let store: ItemStore
  /// The query shown.
  let query: CatalogueQuery
  /// A query asked for and not answered yet.
  let pendingQuery: CatalogueQuery?
  /// The keyboard's box (``Focus/keyboard``), on screen or not.
  let keyboard: Int?
  /// The keyboard's box when any row of it is on screen (``Focus/keyboardOnScreen``).
  let keyboardOnScreen: Int?
  /// How far the source has read the catalogue.
  let reading: ReadingProgress
}
