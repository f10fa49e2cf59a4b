import ShopCatalog
import WaterfallKit

/// The engine's page requests of one update, answered as the root's commands.
extension Paging {
  /// Each request in order: a load-more is loaded or hears "no more" at once; a refresh asks `refresh` for the
  /// query waiting to be answered (nil: nothing to ask) and whether the answer keeps the user's place, cancels the
  /// load-mores it makes stale and the measuring (its answer replaces the items). A new query's answer may not hold
  /// the item the user is looking at, so the load asks the source where that item is.
  mutating func answer(
    _ requests: [PageRequest], in around: Surroundings,
    refresh: () -> (request: CataloguePageRequest, keepsPlace: Bool)?
  ) -> [Command] {
    var commands: [Command] = []
    for request in requests {
      let answer: Answer
      var keepsPlace = false
      switch request.kind {
      case .loadMore: answer = loadMore(request.number, store: around.store, query: around.query)
      case .refresh:
        guard let asked = refresh() else { continue }
        answer = self.refresh(asked.request)
        keepsPlace = asked.keepsPlace
        commands.append(.jumps(.itemsChanging))
      }
      guard case .load(let pageRequest, let stale) = answer else {
        commands.append(.noMore(request: request.number))
        continue
      }
      commands += stale.map { .effect(.cancelPageLoad(request: $0)) }
      let store = around.store
      let locating =
        keepsPlace
        ? PlaceKeeping.placeItem(
          focusOnScreen: around.keyboardOnScreen, count: store.count, waterfall: around.waterfall
        )
        .map { store.ids[$0.index] } : nil
      commands.append(.effect(.loadPage(PageLoad(request: request, pageRequest: pageRequest, locating: locating))))
    }
    return commands
  }
}
