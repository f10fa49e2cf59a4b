import ShopCatalog
import WaterfallKit

/// A load-more's page that came back and that the engine accepted (the root asks the engine: its paging state
/// machine alone decides whether a page is still wanted), answered as the root's commands.
extension Paging {
  /// What the engine hears of an answer: a page, with more after it or not, or a failure.
  static func outcome(of response: CatalogueResponse) -> PageOutcome {
    switch response {
    case .failure(let reason): .failed(reason: reason)
    case .page(let page): .loaded(hasMore: page.hasMore)
    }
  }

  /// Into the store; a page's items appended to the layout (in O(k), into the last section and any new ones) and
  /// to the search's index; the pages the source passed over said; the jumps part's goal a step nearer.
  static func loadMoreAccepted(_ response: CatalogueResponse, in around: Surroundings) -> [Command] {
    var commands: [Command] = [.takePage(response)]
    if case .page = response { commands += [.appendItems, .search(.itemsAdded(relaidOut: true))] }
    if let notice = skippedNotice(response) { commands.append(.notice(notice)) }
    // A load-more asked before the result was measured (G while the footer was in view): every item is laid out
    // now, so the footer says the end, not "scroll down to load more".
    if around.store.measuredPages != nil { commands.append(.footerSaysTheEnd) }
    return commands + [.jumps(.step)]
  }
}
