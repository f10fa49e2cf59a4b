import ShopCatalog

/// Sort (`o`), filter (`&`) and sections (`S`): the query the waterfall shows, the one asked of the source and not
/// answered yet, and a failed one that R asks for again. It answers with what the root must do; the root asks the
/// engine for the refresh that carries the query to the source, and shows the answer.
public struct Organiser: Sendable {
  public enum Message: Hashable, Sendable {
    /// `o`: the next order after the one shown or asked for.
    case cycleSort
    /// `S`: sections by `field` (the `--group-by` field), or back to one waterfall.
    case toggleSections(ItemField)
    /// `&` then Enter: show only the items matching `text` (empty: every item).
    case filter(String)
    /// `&` then Enter on a word the filter language cannot read: back to `text`, the filter before the prompt.
    case keepFilter(String, problem: String)
    /// The engine asks the source for a first page: for the query asked for, or the one that failed.
    case refreshStarts
    /// That first page failed: the next refresh is a new attempt.
    case refreshFailed(reason: String)
    /// That first page came.
    case refreshSucceeded
    /// The answer to the query asked for is shown.
    case shown
  }

  public enum Outcome: Hashable, Sendable {
    /// A new query is asked for: the root starts a refresh.
    case asked
    /// The query is the one shown already, nothing asked: the root says so (``notice(for:matching:itemsRead:)``).
    case unchanged(QueryChange)
    /// The refresh asks the source for this query, at this attempt.
    case request(CatalogueQuery, attempt: Int)
    /// A line for the status bar.
    case notice(String)
    case done
  }

  /// The query the waterfall shows (sort, filter, sections), answered by the source over the whole catalogue.
  public internal(set) var presentation: Presentation
  /// A query asked of the source whose answer has not come yet, and the change that made it.
  public internal(set) var pending: (query: CatalogueQuery, change: QueryChange)?
  /// A new query whose answer failed: R, which retries that refresh, asks for it again.
  var failed: (query: CatalogueQuery, change: QueryChange)?
  /// Refreshes failed in a row: the next is a new attempt (a simulated network's failures go by attempt).
  var refreshFailures = 0

  public init(presentation: Presentation) { self.presentation = presentation }

  /// The query asked for, else the one shown: what the next change starts from.
  var latestQuery: CatalogueQuery { pending?.query ?? presentation.query }

  mutating func update(_ message: Message) -> Outcome {
    switch message {
    case .cycleSort:
      let all = ItemOrder.allCases
      let next = all[(all.firstIndex(of: latestQuery.order)! + 1) % all.count]
      return ask(.sort(next)) { $0.order = next }
    case .toggleSections(let field):
      let grouping = latestQuery.grouping == nil ? field : nil
      return ask(.sections(grouping)) { $0.grouping = grouping }
    case .filter(let text):
      let query = ItemQuery(text)
      return ask(.filter(query.isEmpty ? "" : text)) { $0.filter = query.isEmpty ? nil : query }
    case .keepFilter(let text, let problem):
      let query = ItemQuery(text)
      return ask(.filterKept(problem: problem)) { $0.filter = query.isEmpty ? nil : query }
    case .refreshStarts:
      if pending == nil { pending = failed }
      failed = nil
      return .request(latestQuery, attempt: refreshFailures)
    case .refreshFailed(let reason):
      // R asks again, for the change that failed or for a plain refresh.
      let notice = "\(pending?.change.progressText ?? "refresh") failed, R retries: \(reason)"
      refreshFailures += 1
      (failed, pending) = (pending, nil)
      return .notice(notice)
    case .refreshSucceeded:
      refreshFailures = 0
      return .done
    case .shown:
      if let pending { presentation.query = pending.query }
      pending = nil
      return .done
    }
  }

  private mutating func ask(_ change: QueryChange, _ edit: (inout CatalogueQuery) -> Void) -> Outcome {
    var query = latestQuery
    edit(&query)
    query = CatalogueQuery(order: query.order, filter: query.filter, grouping: query.grouping)
    if query == presentation.query, pending == nil { return .unchanged(change) }
    // Asked for already (typed into `&`, then Enter before the answer came): that answer is the one.
    if query == pending?.query { return .unchanged(change) }
    pending = (query, change)
    return .asked
  }

  /// What the status bar says once a change is shown: `matching` items of the result (a count, or "50+" while the
  /// source has not counted it), of `itemsRead` when the whole catalogue is read.
  static func notice(for change: QueryChange, matching: String, itemsRead: Int?) -> String {
    switch change {
    case .sort(let order): return "sorted by \(order.description)"
    case .sections(let field): return field.map { "sections by \($0.name)" } ?? "one waterfall, no sections"
    case .filter(let text):
      guard !text.isEmpty else { return "showing every item" }
      return "\(matching)\(itemsRead.map { " of \($0)" } ?? "") items match \(text)"
    case .filterKept(let problem): return "\(problem): the filter is as it was"
    }
  }
}

extension Organiser.Outcome {
  /// What the root does for a key's outcome (`o`, `S`, `&`): a new query drops the jumps' goal in the old result and
  /// starts the refresh that asks for it, giving up one asked for the query before (never waiting behind it); a
  /// query shown already is said so.
  var commands: [Command] {
    switch self {
    case .asked: [.jumps(.drop), .restartRefresh]
    case .unchanged(let change): [.queryShownNotice(change)]
    case .notice(let text): [.notice(text)]
    case .request, .done: []
    }
  }
}

extension Organiser.Message {
  /// The waterfall's actions this part owns: `o`, and `S` (sections by `field`, the `--group-by` one or the shop's).
  init?(_ action: Action, sections field: ItemField) {
    switch action {
    case .cycleSort: self = .cycleSort
    case .toggleSections: self = .toggleSections(field)
    default: return nil
    }
  }
}

extension ItemOrder: CustomStringConvertible {
  public var description: String {
    switch self {
    case .dataset: "dataset order"
    case .priceAscending: "price, lowest first"
    case .priceDescending: "price, highest first"
    case .title: "title"
    }
  }
}
