import ShopCatalog

/// A first page that came back and that the engine accepted: the answer to the query asked for, to a plain refresh,
/// or a failure. The organiser, which knows what was asked, answers with the root's commands.
extension Organiser {
  /// `keepsItems`: a refresh's answer holds every item loaded so far (a feed's); `keepsPlace`: `r` keeps the place as a
  /// new query does (a source others add to); `searching`: a search is on.
  mutating func refreshAccepted(
    _ delivery: PageDelivery, keepsItems: Bool, keepsPlace: Bool = false, searching: Bool, in around: Surroundings
  ) -> [Command] {
    let answer = delivery.response
    // A newer query was asked for while this one was on its way.
    if let pending, pending.query != delivery.load.pageRequest.query { return [.beginRefresh] }
    if case .failure(let reason) = answer {
      // No page was ever shown: the first load failed (as the centre says), no refresh of anything.
      let firstLoad = !around.store.hasFirstPage && pending == nil
      guard case .notice(let notice) = update(.refreshFailed(reason: reason)) else { return [] }
      return [.notice(firstLoad ? StatusLine.loadFailedText(reason) : notice)]
    }
    _ = update(.refreshSucceeded)
    let skipped = Paging.skippedNotice(answer).map { [Command.notice($0)] } ?? []
    if let pending {
      _ = update(.shown)
      // A search on: the new order shows from its top (not at the old match, somewhere in the middle), the search
      // stays, its count follows what is shown now (a filter may have hidden every match), `n` goes on from the top.
      // Else the focused box keeps its row; with none, the new order shows from its top.
      let replace = Command.replaceKeepingPlace(
        answer, location: delivery.location, kept: searching ? .nothing : .focusedBox)
      return skipped + [replace, .queryShownNotice(pending.change), .search(.newQueryShown)]
    }
    if keepsPlace {
      // `r` on a source others add to: the first page again, loaded through to the item in view, as a new query.
      // A search stays on the same place; its matches are counted again in the result with the rows added.
      let recount: [Command] = searching ? [.search(.newQueryShown)] : []
      return skipped + [.replaceKeepingPlace(answer, location: delivery.location, kept: .focusedBoxOrTopOfView)]
        + recount
    }
    if keepsItems {
      let known = Set(around.store.ids)
      return skipped + [
        .replaceKeepingPlace(answer, location: nil, kept: .focusedBoxOrTopOfView), .refreshedNotice(known: known),
      ]
    }
    let startOver: [Command] = [.keyboardFocus(nil), .select(nil), .reloadAll, .scroll(toOffset: 0)]
    return skipped + [.jumps(.drop), .replaceItems(answer), .search(.itemsReplaced)] + startOver
  }
}
