import Foundation
import Locking

#if os(Linux)
  import CMalloc
#endif

/// A catalogue held in memory and read as it arrives: the source behind files, directories of pages and photo
/// folders. A reader appends items (``append(_:problems:skipped:fraction:)``) while viewers query it; a query in
/// the catalogue's own order is answered page by page as soon as its page is read, any other query (a sort, a
/// filter, sections) once the whole catalogue is read, over the whole catalogue.
public final class ItemCatalogue: CatalogueSource, Sendable {
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

  /// A directory's page met on the way to the one asked for, whose file could not be read.
  private struct BrokenPage: Error {
    var reason: String
  }

  /// A query's whole result: item indices in order, and the groups' bounds when it groups.
  private struct QueryResult {
    var order: [Int32]
    var groups: [(name: String, start: Int, count: Int)]
  }

  /// What the reader writes and the viewers read.
  private struct Contents {
    /// The items as columns (``ItemColumns``): a page's ``ShopItem``s are made when it is asked for.
    var items = ItemColumns()
    var filePages: [FilePage] = []
    var problems: [DatasetProblem] = []
    var reading = ReadingProgress()
    /// The last few queries' answers (each an index per item: 40 MB at 10^7), newest last.
    var results: [(query: CatalogueQuery, result: QueryResult)] = []
    /// The last search answered over a whole result: a far jump to a match asks it again once the result is laid
    /// out, and 10^6 search keys scanned twice was a tenth of the jump. Kept only once the read is complete.
    var lastMatches: (pattern: ItemQuery, query: CatalogueQuery, ranks: [Int])?

    /// Whether page `page` of the catalogue's own order is read.
    func isPageReady(_ page: Int, paging: Paging) -> Bool {
      switch paging {
      case .size(let size): items.count >= (page + 1) * max(1, size)
      case .files: filePages.count > page
      }
    }

    func pageCount(paging: Paging) -> Int {
      switch paging {
      case .size(let size): (items.count + max(1, size) - 1) / max(1, size)
      case .files: filePages.count
      }
    }
  }

  public let paging: Paging
  public let loops: Bool
  /// Readers of pages wait on it for the catalogue to grow.
  private let contents = Locked(Contents())
  private static let resultsKept = 4

  /// `sizeKnown`: false for a stream (a pipe), whose progress has no fraction.
  public init(paging: Paging, loops: Bool = false, sizeKnown: Bool = true) {
    self.paging = paging
    self.loops = loops
    contents.withLock { $0.reading.isSizeKnown = sizeKnown }
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
    var columns = ItemColumns()
    for item in newItems { columns.append(item) }
    append(columns, problems: newProblems, skipped: skipped, fraction: fraction)
  }

  /// A reader's batch, as columns. When the catalogue cannot hold more (its text past the column store's 32-bit
  /// offsets), reading stops there with the reason, keeping every item before.
  func append(_ columns: ItemColumns, problems newProblems: [DatasetProblem], skipped: Int, fraction: Double?) {
    changing { contents in
      guard contents.reading.stoppedBy == nil else { return }
      guard contents.items.append(contentsOf: columns) else {
        contents.reading.stoppedBy =
          "the catalogue's text is larger than the viewer can hold (2 GiB); the items before are kept"
        return
      }
      contents.problems += newProblems
      contents.reading.itemsRead = contents.items.count
      contents.reading.skippedItems += skipped
      if let fraction { contents.reading.fraction = fraction }
    }
  }

  /// A reader's batch.
  func append(_ batch: ReadBatch) {
    append(
      batch.columns, problems: batch.problems, skipped: batch.skipped,
      fraction: Double(batch.bytesRead) / Double(max(1, batch.bytesTotal)))
  }

  /// Closes a directory's page: the items appended since the last page, or, with `brokenReason`, a page that
  /// fails with that reason (its file could not be read).
  public func endFile(brokenReason: String? = nil) {
    changing { contents in
      if let brokenReason {
        contents.filePages.append(.broken(reason: brokenReason))
      } else {
        let start = contents.filePages.reduce(0) { end, page in
          if case .items(let range) = page { range.upperBound } else { end }
        }
        if start < contents.items.count { contents.filePages.append(.items(start..<contents.items.count)) }
      }
    }
  }

  /// Reading is over; `stoppedBy` says what ended it early (a malformed record: file, line and why).
  public func finish(stoppedBy: String? = nil) {
    changing { contents in
      contents.reading.isComplete = true
      contents.reading.fraction = 1
      contents.reading.stoppedBy = contents.reading.stoppedBy ?? stoppedBy
      contents.items.trim()
      #if os(Linux)
        // The readers' batches were freed in pieces; give the pages back to the system, not just to malloc.
        _ = malloc_trim(0)
      #endif
    }
  }

  // MARK: - Reading

  public var progress: ReadingProgress { contents.withLock { $0.reading } }

  /// The problems of the items skipped so far.
  public var readProblems: [DatasetProblem] { contents.withLock { $0.problems } }

  /// The reasons of the directory pages that could not be read.
  public var brokenPageReasons: [String] {
    contents.withLock { $0.filePages.compactMap { if case .broken(let reason) = $0 { reason } else { nil } } }
  }

  /// The items read so far, up to `limit`.
  public func itemsRead(limit: Int) -> [ShopItem] {
    contents.withLock { contents in (0..<min(limit, contents.items.count)).map(contents.items.item(at:)) }
  }

  /// The fields the items read so far have, to group by: shop, price, title, then every extra field's key.
  public var availableFields: [ItemField] { contents.withLock { $0.items.availableFields } }

  /// Waits until the whole catalogue is read.
  public func waitUntilComplete() {
    contents.wait { $0.reading.isComplete }
  }

  /// Waits until the whole catalogue is read, or until `cancellation` says the wait is no longer wanted
  /// (looked at every 20 ms); whether it is read.
  func waitUntilComplete(unless cancellation: WorkCancellation) -> Bool {
    while !contents.wait(until: { $0.reading.isComplete }, seconds: 0.02) {
      if cancellation.isCancelled { return false }
    }
    return !cancellation.isCancelled
  }

  /// Waits until the first page can be answered (or reading is over); with `seconds`, at most that long.
  public func waitForFirstPage(seconds: Double? = nil) {
    let ready = { [paging] (contents: Contents) in
      contents.reading.isComplete || contents.isPageReady(0, paging: paging)
    }
    if let seconds { contents.wait(until: ready, seconds: seconds) } else { contents.wait(until: ready) }
  }

  /// Waits until the reader has handed over a usable item or reading is over: a pipe's first page may be a long
  /// time coming, but a pipe whose records are all unusable is refused as a file is, before a viewer opens empty.
  public func waitUntilStarted() {
    contents.wait { $0.reading.isComplete || !$0.items.isEmpty }
  }

  public func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    let requestedPage = request.cursor?.page ?? 0
    if request.query.isReadingOrder { return fetchInReadingOrder(page: requestedPage) }
    let result = result(for: request.query)
    let (count, size) = (result.order.count, pageSize)
    let pages = (count + size - 1) / size
    let page = loops && pages > 0 ? requestedPage % pages : requestedPage
    let start = page * size
    guard start < count else { return .page(CataloguePage(items: [], ids: [], next: nil, resultCount: count)) }
    let end = min(count, start + size)
    let ranks = start..<end
    let ids = ranks.map { ItemID(Int(result.order[$0])) }
    let pageItems = contents.withLock { contents in ids.map { contents.items.item(at: $0.rawValue) } }
    let more = end < count || loops
    return .page(
      CataloguePage(
        items: pageItems, ids: ids, groups: groupRuns(result, ranks: ranks),
        next: more ? PageCursor(page: end < count ? page + 1 : 0) : nil, resultCount: count))
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    findMatches(of: pattern, in: query, cancellation: WorkCancellation()) ?? []
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]? {
    // Both ways below wait for the whole catalogue: after that the columns no longer change.
    let result = query.isReadingOrder ? nil : result(for: query)
    guard waitUntilComplete(unless: cancellation) else { return nil }
    let known = contents.withLock { $0.lastMatches }.flatMap { $0.query == query ? $0 : nil }
    if let known, known.pattern == pattern { return known.ranks }
    let all = contents.withLock { $0.items }
    // In reading order ranks are the items' own indices: no order to make.
    let item = { (rank: Int) in result.map { Int($0.order[rank]) } ?? rank }
    let found: [Int]?
    let matches = all.matcher(for: pattern)
    if let known, pattern.narrows(known.pattern), known.ranks.count <= all.count / 16 {
      // A pattern typed on: its matches are among the last's, a few keys checked instead of every one scanned.
      found = Self.filter(known.ranks, cancellation) { matches(item($0)) }
    } else if let result {
      found = Self.filter(result.order.indices, cancellation) { matches(item($0)) }
    } else {
      found = all.matchingIndices(pattern, cancellation: cancellation)
    }
    guard let ranks = found else { return nil }
    contents.withLock { $0.lastMatches = (pattern, query, ranks) }
    return ranks
  }

  /// The ranks `isMatch` keeps, looking at `cancellation` every few thousand; `nil` when it stopped them.
  private static func filter(
    _ ranks: some Collection<Int>, _ cancellation: WorkCancellation, _ isMatch: (Int) -> Bool
  ) -> [Int]? {
    var kept: [Int] = []
    for (offset, rank) in ranks.enumerated() {
      if offset % 4096 == 0, cancellation.isCancelled { return nil }
      if isMatch(rank) { kept.append(rank) }
    }
    return kept
  }

  public func facet(
    _ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation
  ) -> FacetCounts? {
    guard !loops, waitUntilComplete(unless: cancellation) else { return nil }
    let order = query.isReadingOrder ? nil : result(for: query).order
    return contents.withLock { $0.items }.facet(field, of: order, limit: limit, cancellation: cancellation)
  }

  public func rank(of item: ItemID, in query: CatalogueQuery) -> Int? {
    guard item.rawValue >= 0 else { return nil }
    if query.isReadingOrder {
      // The catalogue's own order: an item's rank is its place as read, once it is read.
      contents.wait { $0.reading.isComplete || item.rawValue < $0.items.count }
      return contents.withLock { item.rawValue < $0.items.count ? item.rawValue : nil }
    }
    let wanted = Int32(truncatingIfNeeded: item.rawValue)
    return result(for: query).order.firstIndex(of: wanted)
  }

  /// Measures a stretch of `request`'s result once the catalogue is read. Pages are the page size's ranks, so
  /// a page's cursor is its number; a directory's own order has a page per file, measured whole with the rank
  /// each file starts at. A looping catalogue has no end, a directory with a broken file keeps failing that page
  /// where it is (so its message is seen), and a grouped query's sections are loaded as they come: those are not
  /// measured.
  public func measure(_ request: MeasureRequest) -> MeasureResponse {
    guard !loops else { return .unavailable(reason: "a looping catalogue has no end") }
    guard request.query.grouping == nil else { return .unavailable(reason: "sections load as they come") }
    if case .files = paging, request.query.isReadingOrder { return measureFiles() }
    let size = pageSize
    let order: [Int32]? = request.query.isReadingOrder ? nil : result(for: request.query).order
    waitUntilComplete()
    let firstPage = request.from?.page ?? 0
    let limit = max(1, (request.limit + size - 1) / size) * size
    return contents.withLock { contents in
      let count = order?.count ?? contents.items.count
      let ranks = min(count, firstPage * size)..<min(count, firstPage * size + limit)
      var shapes = MeasuredShapes()
      shapes.reserveCapacity(ranks.count)
      for rank in ranks { contents.items.appendShape(at: order.map { Int($0[rank]) } ?? rank, to: &shapes) }
      let pages = (ranks.count + size - 1) / size
      let starts = (0..<pages).map { firstPage + $0 }.map { $0 == 0 ? nil : PageCursor(page: $0) }
      let next = ranks.upperBound < count ? PageCursor(page: firstPage + pages) : nil
      return .stretch(
        MeasuredStretch(items: shapes, pageSize: size, pageStarts: starts, next: next, resultCount: count))
    }
  }

  /// A directory in its own order: every item's shape, and where each file's page starts (its number is its
  /// cursor, as ``fetch(_:)`` reads it).
  private func measureFiles() -> MeasureResponse {
    waitUntilComplete()
    return contents.withLock { contents in
      var (starts, ranks): ([PageCursor?], [Int]) = ([], [])
      for (number, page) in contents.filePages.enumerated() {
        switch page {
        case .broken: return .unavailable(reason: "a page of the directory could not be read")
        case .items(let range) where !range.isEmpty:
          starts.append(number == 0 ? nil : PageCursor(page: number))
          ranks.append(range.lowerBound)
        case .items: continue
        }
      }
      let count = contents.items.count
      var shapes = MeasuredShapes()
      shapes.reserveCapacity(count)
      for index in 0..<count { contents.items.appendShape(at: index, to: &shapes) }
      return .stretch(
        MeasuredStretch(
          items: shapes, pageSize: 1, pageStarts: starts, next: nil,
          resultCount: count, pageStartRanks: ranks))
    }
  }

  // MARK: - Private

  private var pageSize: Int {
    if case .size(let size) = paging { return max(1, size) }
    return 50
  }

  /// A change the readers of pages may be waiting for: they are woken to look again.
  private func changing(_ body: (inout Contents) -> Void) {
    contents.withLock { body(&$0) }
    contents.wakeWaiters()
  }

  /// A page of the catalogue as read, waiting until it is read. A directory's broken page is skipped: the next
  /// page that can be read answers, naming the skipped ones' files and reasons (``CataloguePage/skippedPages``).
  private func fetchInReadingOrder(page requested: Int) -> CatalogueResponse {
    var page = requested
    var skipped: [String] = []
    while true {
      contents.wait { [paging, page] in $0.reading.isComplete || $0.isPageReady(page, paging: paging) }
      // A reason: the page is a broken file, skipped for the next one.
      let answer: Result<CatalogueResponse, BrokenPage> = contents.withLock { [paging, loops] contents in
        let count = contents.pageCount(paging: paging)
        if page >= count {
          guard contents.reading.isComplete, loops, count > 0 else {
            return .success(.page(CataloguePage(items: [], ids: [], next: nil, resultCount: contents.items.count)))
          }
          // A looping directory whose every page is broken would go round for ever.
          if skipped.count >= count { return .success(.failure(reason: skipped[0])) }
          page %= count
        }
        let range: Range<Int>
        switch paging {
        case .size(let size): range = page * size..<min(contents.items.count, (page + 1) * size)
        case .files:
          switch contents.filePages[page] {
          case .items(let items): range = items
          case .broken(let reason): return .failure(BrokenPage(reason: reason))
          }
        }
        let more = loops || !contents.reading.isComplete || page + 1 < count
        return .success(
          .page(
            CataloguePage(
              items: range.map(contents.items.item(at:)), ids: range.map { ItemID($0) },
              next: more ? PageCursor(page: page + 1) : nil,
              resultCount: contents.reading.isComplete ? contents.items.count : nil)))
      }
      switch answer {
      case .success(.page(var found)):
        found.skippedPages = skipped
        return .page(found)
      case .success(let failure): return failure
      case .failure(let broken): skipped.append(broken.reason)
      }
      page += 1
    }
  }

  /// The whole result of `query`, computed once the catalogue is read, outside the lock (progress stays
  /// readable meanwhile), and kept for the pages that follow.
  private func result(for query: CatalogueQuery) -> QueryResult {
    waitUntilComplete()
    if let known = contents.withLock({ $0.results.first { $0.query == query }?.result }) { return known }
    // Read complete: the columns no longer change, so this copy shares their storage.
    let all = contents.withLock { $0.items }
    var order: [Int32]
    if let filter = query.filter, query.order == .dataset {
      // The dataset's order is the indices' own: the matches, ascending, are the result; no order to filter.
      order = all.matchingIndices(filter)!.map { Int32($0) }
    } else {
      order = all.indices(in: query.order)
      if let filter = query.filter { order = all.filter(order, by: filter) }
    }
    var groups: [(name: String, start: Int, count: Int)] = []
    if let grouping = query.grouping { (order, groups) = all.grouped(order, by: grouping) }
    let result = QueryResult(order: order, groups: groups)
    contents.withLock { contents in
      contents.results.removeAll { $0.query == query }
      contents.results.append((query, result))
      if contents.results.count > Self.resultsKept { contents.results.removeFirst() }
    }
    return result
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
