import ShopCatalog

/// One thing a part asks of the root, as a value: an operation on the engine, the store or the shared view state,
/// or a message for another part. A part never touches what it does not own; the root carries its commands out, in
/// order, in one place (`Viewer.run(_:)`), so each part's update is tested by what it returns.
enum Command {
  /// An effect for the runner.
  case effect(Effect)
  /// A line for the status bar, until the next key.
  case notice(String)
  /// The keyboard on box `index`, scrolled the least that shows it.
  case focus(Int)
  /// The keyboard on box `index` (or nothing), with no scroll.
  case keyboardFocus(Int?)
  /// The keyboard on box `index` (or nothing), scrolled up to its top only when that begins above the view.
  case focusShowingTop(Int?)
  /// Scrolls the least that shows box `index`, as a user's move.
  case reveal(Int)
  /// The detail panel of box `index` opens.
  case openDetail(Int)
  /// The open panel scrolls `rows` rows.
  case scrollPanel(Int)
  /// The open panel closes.
  case closePanel
  /// The engine loads the failed page again (the footer pressed).
  case retryLoadMore
  /// The engine's selection.
  case select(Int?)
  /// The view to content row `offset`, not as a user's move (no load-more).
  case scroll(toOffset: Int)
  /// The view to content row `offset` as a user's move, so reaching the footer loads more.
  case userScroll(toOffset: Int)
  /// The view `rows` rows on as a user's move (a pull past the top, too).
  case scrollRows(Int)
  /// The view to the bottom as a user's move, with at least one row of intent, so End at the bottom still asks
  /// for the next page.
  case scrollToEnd
  /// The engine asks for the next page.
  case loadMore
  /// The engine hears at once that load-more request `number` brought no more.
  case noMore(request: Int)
  /// The viewer quits.
  case quit
  /// Every item laid out from the whole result's measured shapes; the footer says the end.
  case adopt(MeasuredResult)
  /// A page of a measured result, fetched on its own, into the store.
  case putFarPage(CataloguePage, page: Int)
  /// A load-more's answer, accepted by the engine, into the store.
  case takePage(CatalogueResponse)
  /// The items that arrived at the end of the store appended to the layout, in O(k).
  case appendItems
  /// The footer says the end: every item is laid out, so the engine's next load-more hears "no more" at once.
  case footerSaysTheEnd
  /// The engine asks the source for a first page (a newer query was asked for while one was on its way).
  case beginRefresh
  /// A new query asked for: its refresh starts now, the one in flight for the query before given up.
  case restartRefresh
  /// The items start over from a first page's answer (the pictures, kept by store index, and the detail go).
  case replaceItems(CatalogueResponse)
  /// Every box laid out again, no cell kept.
  case reloadAll
  /// The items replaced by a first page's answer keeping the user's place (`Viewer.replaceKeepingPlace`).
  case replaceKeepingPlace(CatalogueResponse, location: (item: ItemID, rank: Int?)?, kept: PlaceKeeping.Kept)
  /// The status line says what the query's change shows (shown now, or already), counted over the items then in
  /// the store.
  case queryShownNotice(QueryChange)
  /// The status line says how many of the items then in the store are new beside those `known` (a feed's refresh).
  case refreshedNotice(known: Set<ItemID>)
  /// A message applied as if it came now (those held back in step mode).
  case apply(Message)
  /// The inspector opened or closed: the engine records layout passes while it is open, its viewport gives way.
  case inspectorToggled
  /// A message for the organiser (a filter submitted).
  case organise(Organiser.Message)
  /// A message for the jumps part, read after the commands before it are carried out.
  case jumps(Jumps.Message)
  /// A message for the search part, read after the commands before it are carried out.
  case search(Searching.Message)
  /// `G` on a source that cannot say where it ends (`reason`): the view stays at the bottom as pages come.
  case followEnd(reason: String)
  /// `&` typed (`nil`: closed): the catalogue narrows to the text's matches as it is typed, counted.
  case previewFilter(String?)
  /// Esc in `&`: the filter and the place as they were when the prompt opened.
  case filterCancelled
  /// Enter in `&` on a word the filter language cannot read (`price<abc: not a number`).
  case filterRefused(problem: String)
}
