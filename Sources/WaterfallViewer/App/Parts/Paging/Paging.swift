import ShopCatalog

/// Paging: the engine's page requests turned into the loads the runner carries out, and the load-mores on their
/// way, which a refresh makes stale (its answer replaces what they would add). The root asks the organiser for a
/// refresh's query, tells the engine, and hands the answers to the store.
struct Paging {
  enum Answer: Hashable {
    /// The engine hears "no more" at once: every rank is laid out (a measured result loads pages where the view
    /// is), or the last page is in (the next request would be the first page again).
    case noMore
    /// Load this page, after cancelling the stale load-mores.
    case load(CataloguePageRequest, cancelling: [Int])
  }

  /// Load-more requests on their way, by the engine's request number.
  private(set) var loadsInFlight: Set<Int> = []

  /// The engine asks (request `number`) for the page after those in `store`, of `query`.
  mutating func loadMore(_ number: Int, store: ItemStore, query: CatalogueQuery) -> Answer {
    if store.measuredPages != nil || store.isAtEnd { return .noMore }
    loadsInFlight.insert(number)
    return .load(store.nextRequest(for: query), cancelling: [])
  }

  /// The engine asks for a first page, `request`: every load-more on its way is stale.
  mutating func refresh(_ request: CataloguePageRequest) -> Answer {
    defer { loadsInFlight.removeAll() }
    return .load(request, cancelling: loadsInFlight.sorted())
  }

  /// A load-more's answer came.
  mutating func arrived(_ number: Int) { loadsInFlight.remove(number) }

  /// Pages the source passed over (a directory's unreadable files), each with why: the feed went on.
  static func skippedNotice(_ response: CatalogueResponse) -> String? {
    guard case .page(let page) = response, !page.skippedPages.isEmpty else { return nil }
    return "skipped " + page.skippedPages.joined(separator: "; ")
  }

  /// A refresh that keeps the items (a feed's): how many of `ids` are new beside those `known`; nothing the first
  /// time.
  static func refreshNotice(known: Set<ItemID>, ids: LoadedItems<ItemID>) -> String? {
    guard !known.isEmpty else { return nil }
    let added = ids.filter { !known.contains($0) }.count
    return added == 0 ? "refreshed: nothing new" : "refreshed: \(added) new at the top"
  }
}
