import Foundation

/// A catalogue held in memory and read as it arrives: the source behind files, directories of pages and photo
/// folders. A reader appends items (``append(_:problems:skipped:fraction:)``) while viewers query it; a query in
/// the catalogue's own order is answered page by page as soon as its page is read, any other query (a sort, a
/// filter, sections) once the whole catalogue is read, over the whole catalogue.
public final class ItemCatalogue: CatalogueSource, @unchecked Sendable {
  /// How the catalogue's own order is cut into pages.
  public enum Paging: Sendable {
    /// This many items a page (one file served in pages).
    case size(Int)
    /// One page per file of a directory, as the originals' `1.plist`, `2.plist`, …
    case files
  }

  /// A page of a directory: its items, or why its file could not be read.
  private enum FilePage {
    case items(Range<Int>)
    case broken(reason: String)
  }

  /// A query's whole result: item indices in order, and the groups' bounds when it groups.
  private struct QueryResult {
    var order: [Int]
    var groups: [(name: String, start: Int, count: Int)]
  }

  public let paging: Paging
  public let loops: Bool
  /// Guards everything below; readers of pages wait on it for the catalogue to grow.
  private let condition = NSCondition()
  private var items: [ShopItem] = []
  private var filePages: [FilePage] = []
  private var problems: [DatasetProblem] = []
  private var reading = ReadingProgress()
  private var results: [CatalogueQuery: QueryResult] = [:]
  private var searchIndex: SearchIndex?

  /// `sizeKnown`: false for a stream (a pipe), whose progress has no fraction.
  public init(paging: Paging, loops: Bool = false, sizeKnown: Bool = true) {
    self.paging = paging
    self.loops = loops
    reading.isSizeKnown = sizeKnown
  }

  /// A catalogue of `items`, already complete.
  public convenience init(items: [ShopItem], pageSize: Int, loops: Bool = false) {
    self.init(paging: .size(pageSize), loops: loops)
    append(items)
    finish()
  }

  public var latencyMilliseconds: Int { 0 }

  // MARK: - Writing (the reader)

  /// Items read in the catalogue's order; with ``Paging/files`` they go into the current file's page, which
  /// ``endFile()`` closes.
  public func append(
    _ newItems: [ShopItem], problems newProblems: [DatasetProblem] = [], skipped: Int = 0, fraction: Double? = nil
  ) {
    changing {
      items += newItems
      problems += newProblems
      reading.itemsRead = items.count
      reading.skippedItems += skipped
      if let fraction { reading.fraction = fraction }
    }
  }

  /// Closes a directory's page: the items appended since the last page, or, with `brokenReason`, a page that
  /// fails with that reason (its file could not be read).
  public func endFile(brokenReason: String? = nil) {
    changing {
      if let brokenReason {
        filePages.append(.broken(reason: brokenReason))
      } else {
        let start = filePages.reduce(0) { end, page in
          if case .items(let range) = page { range.upperBound } else { end }
        }
        if start < items.count { filePages.append(.items(start..<items.count)) }
      }
    }
  }

  /// Reading is over; `stoppedBy` says what ended it early (a malformed record: file, line and why).
  public func finish(stoppedBy: String? = nil) {
    changing {
      reading.isComplete = true
      reading.fraction = 1
      reading.stoppedBy = stoppedBy
    }
  }

  // MARK: - Reading

  public var progress: ReadingProgress { locked { reading } }

  /// The problems of the items skipped so far.
  public var readProblems: [DatasetProblem] { locked { problems } }

  /// The reasons of the directory pages that could not be read.
  public var brokenPageReasons: [String] {
    locked { filePages.compactMap { if case .broken(let reason) = $0 { reason } else { nil } } }
  }

  /// The items read so far, up to `limit`.
  public func itemsRead(limit: Int) -> [ShopItem] { locked { Array(items.prefix(limit)) } }

  /// Waits until the whole catalogue is read.
  public func waitUntilComplete() {
    condition.lock()
    defer { condition.unlock() }
    while !reading.isComplete { condition.wait() }
  }

  /// Waits until the first page can be answered (or reading is over).
  public func waitForFirstPage() {
    condition.lock()
    defer { condition.unlock() }
    while !reading.isComplete && !isPageReady(0) { condition.wait() }
  }

  /// Waits until the reader has handed over anything (items or problems) or reading is over: a pipe's first
  /// page may be a long time coming, but its first records' problems are known at once.
  public func waitUntilStarted() {
    condition.lock()
    defer { condition.unlock() }
    while !reading.isComplete && items.isEmpty && problems.isEmpty { condition.wait() }
  }

  public func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    let requestedPage = request.cursor?.page ?? 0
    if request.query.isReadingOrder { return fetchInReadingOrder(page: requestedPage, attempt: request.attempt) }
    let result = result(for: request.query)
    let (count, size) = (result.order.count, pageSize)
    let pages = (count + size - 1) / size
    let page = loops && pages > 0 ? requestedPage % pages : requestedPage
    let start = page * size
    guard start < count else { return .page(CataloguePage(items: [], ids: [], next: nil, resultCount: count)) }
    let end = min(count, start + size)
    let ranks = start..<end
    let (pageItems, ids) = locked { (ranks.map { items[result.order[$0]] }, ranks.map { ItemID(result.order[$0]) }) }
    let more = end < count || loops
    return .page(
      CataloguePage(
        items: pageItems, ids: ids, groups: groupRuns(result, ranks: ranks),
        next: more ? PageCursor(page: end < count ? page + 1 : 0) : nil, resultCount: count))
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    let result = result(for: query)
    let index = search()
    return result.order.indices.filter { index.matches(result.order[$0], query: pattern) }
  }

  // MARK: - Private

  private var pageSize: Int {
    if case .size(let size) = paging { return max(1, size) }
    return 50
  }

  private func locked<Value>(_ body: () -> Value) -> Value {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// A change the readers of pages may be waiting for: they are woken to look again.
  private func changing(_ body: () -> Void) {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    body()
  }

  /// Whether page `page` of the catalogue's own order is read (the lock is held).
  private func isPageReady(_ page: Int) -> Bool {
    switch paging {
    case .size(let size): items.count >= (page + 1) * max(1, size)
    case .files: filePages.count > page
    }
  }

  private func pageCount() -> Int {
    switch paging {
    case .size(let size): (items.count + max(1, size) - 1) / max(1, size)
    case .files: filePages.count
    }
  }

  /// A page of the catalogue as read, waiting until it is read. A directory's broken page fails on the first
  /// attempt, with its file and reason; a retry moves past it to the next page.
  private func fetchInReadingOrder(page requested: Int, attempt: Int) -> CatalogueResponse {
    condition.lock()
    defer { condition.unlock() }
    var page = requested
    while true {
      while !reading.isComplete && !isPageReady(page) { condition.wait() }
      let count = pageCount()
      if page >= count {
        guard reading.isComplete, loops, count > 0 else {
          return .page(CataloguePage(items: [], ids: [], next: nil, resultCount: items.count))
        }
        page %= count
      }
      let range: Range<Int>
      switch paging {
      case .size(let size): range = page * size..<min(items.count, (page + 1) * size)
      case .files:
        switch filePages[page] {
        case .items(let items): range = items
        case .broken(let reason):
          if attempt == 0 && page == requested { return .failure(reason: reason) }
          page += 1
          continue
        }
      }
      let more = loops || !reading.isComplete || page + 1 < count
      return .page(
        CataloguePage(
          items: Array(items[range]), ids: range.map(ItemID.init), next: more ? PageCursor(page: page + 1) : nil,
          resultCount: reading.isComplete ? items.count : nil))
    }
  }

  /// The whole result of `query`, computed once the catalogue is read, outside the lock (progress stays
  /// readable meanwhile), and kept for the pages that follow.
  private func result(for query: CatalogueQuery) -> QueryResult {
    waitUntilComplete()
    if let known = locked({ results[query] }) { return known }
    let all = locked { items }
    var order = query.order == .dataset ? Array(all.indices) : query.order.orderedIndices(all)
    if let filter = query.filter { order = search().filter(order, by: filter) }
    var groups: [(name: String, start: Int, count: Int)] = []
    if let grouping = query.grouping {
      let found = ItemGroup.groups(of: all, by: grouping, order: order)
      order = found.flatMap(\.indices)
      var start = 0
      for group in found {
        groups.append((group.name, start, group.count))
        start += group.count
      }
    }
    let result = QueryResult(order: order, groups: groups)
    locked { results[query] = result }
    return result
  }

  private func search() -> SearchIndex {
    waitUntilComplete()
    if let index = locked({ searchIndex }) { return index }
    let index = SearchIndex(locked { items })
    locked { searchIndex = index }
    return index
  }

  private func groupRuns(_ result: QueryResult, ranks: Range<Int>) -> [GroupRun] {
    guard !result.groups.isEmpty, !ranks.isEmpty else { return [] }
    // The last group starting at or before the page's first rank.
    var low = 0
    var high = result.groups.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if result.groups[middle].start <= ranks.lowerBound { low = middle } else { high = middle - 1 }
    }
    var runs: [GroupRun] = []
    var ordinal = low
    while ordinal < result.groups.count, result.groups[ordinal].start < ranks.upperBound {
      let group = result.groups[ordinal]
      let overlap = max(group.start, ranks.lowerBound)..<min(group.start + group.count, ranks.upperBound)
      runs.append(GroupRun(ordinal: ordinal, name: group.name, totalCount: group.count, count: overlap.count))
      ordinal += 1
    }
    return runs
  }
}
