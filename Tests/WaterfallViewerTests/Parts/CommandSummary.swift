import ShopCatalog

@testable import WaterfallViewer

/// A part's answer in short words, for tests to compare: "focus 3", "notice the end: 12 items", "effect measure".
extension Command {
  var summary: String {
    switch self {
    case .effect(let effect): "effect \(String(describing: effect).prefix { $0 != "(" })"
    case .notice(let text): "notice \(text)"
    case .focus(let index): "focus \(index)"
    case .keyboardFocus(let index): "keyboard \(index.map(String.init) ?? "none")"
    case .focusShowingTop(let index): "focus showing top \(index.map(String.init) ?? "none")"
    case .reveal(let index): "reveal \(index)"
    case .openDetail(let index): "open detail \(index)"
    case .scrollPanel(let rows): "scroll panel \(rows) rows"
    case .closePanel: "close panel"
    case .retryLoadMore: "retry load more"
    case .select(let index): "select \(index.map(String.init) ?? "none")"
    case .scroll(let offset): "scroll to \(offset)"
    case .userScroll(let offset): "user scroll to \(offset)"
    case .scrollRows(let rows): "scroll \(rows) rows"
    case .scrollToEnd: "scroll to end"
    case .loadMore: "load more"
    case .noMore(let request): "no more \(request)"
    case .quit: "quit"
    case .adopt(let measured): "adopt \(measured.shapes.count)"
    case .putFarPage(_, let page): "put page \(page)"
    case .takePage(let response): "take \(String(describing: response).prefix { $0 != "(" })"
    case .appendItems: "append items"
    case .footerSaysTheEnd: "footer says the end"
    case .beginRefresh: "begin refresh"
    case .restartRefresh: "restart refresh"
    case .replaceItems: "replace items"
    case .reloadAll: "reload all"
    case .replaceKeepingPlace(_, let location, let kept):
      "replace keeping place\(kept == .nothing ? " from the top" : kept == .focusedBox ? " of the focus" : "")"
        + "\(location.map { " locating \($0.item)" } ?? "")"
    case .queryShownNotice(let change): "query shown notice \(change)"
    case .refreshedNotice(let known): "refreshed notice \(known.count) known"
    case .apply(let message): "apply \(String(describing: message).prefix { $0 != "(" })"
    case .inspectorToggled: "inspector toggled"
    case .organise(let message): "organise \(message)"
    case .jumps(let message): "jumps \(String(describing: message).prefix { $0 != "(" })"
    case .search(let message): "search \(String(describing: message).prefix { $0 != "(" })"
    case .previewFilter(let text): "preview filter \(text ?? "closed")"
    case .followEnd(let reason): "follow the end: \(reason)"
    case .filterCancelled: "filter cancelled"
    case .filterRefused(let problem): "filter refused: \(problem)"
    }
  }
}

extension Array where Element == Command {
  var summary: [String] { map(\.summary) }
}

/// What a part reads of the root, over `count` of the fixture's items laid out in two columns.
func surroundings(
  _ count: Int, resultCount: Int? = nil, query: CatalogueQuery = CatalogueQuery(), pendingQuery: CatalogueQuery? = nil,
  keyboard: Int? = nil, keyboardOnScreen: Int? = nil
) -> Surroundings {
  let (source, waterfall) = ItemLayoutSourceTests.laidOut(count, resultCount: resultCount)
  return Surroundings(
    waterfall: waterfall, store: source.store, query: query, pendingQuery: pendingQuery,
    keyboard: keyboard ?? keyboardOnScreen, keyboardOnScreen: keyboardOnScreen, reading: ReadingProgress())
}
