import Foundation
import Locking
import Pictures
import ShopCatalog

/// A shop catalogue behind an HTTP JSON feed (`waterfall https://shop.example/api/products?page={page}`): each
/// page is fetched when the viewer asks for it, within the picture fetcher's limits, and the next page's address
/// comes from the answer (``FeedPaging``). Items keep one ``ItemID`` per identity (an `id` field, else picture
/// address and title) for the whole session, so a page that repeats items (the pages shifted under a new item)
/// adds only the new ones, and asking for the first page again (a refresh) puts the items not seen before at the
/// front of the loaded ones and answers with all of them.
///
/// A query the server can answer (the template names `{sort}` and `{q}` for what the query needs) has a feed of
/// its own; any other is answered over the items loaded in the feed's own order, flagged
/// ``CataloguePage/loadedItemsOnly``.
public final class HTTPFeedCatalogue: CatalogueSource, Sendable {
  /// A page's address, and the `{page}` number it stands for.
  struct Position: Hashable {
    var address: String
    var page: Int
  }

  /// The items of one server-answered query loaded so far, in order, and where the next page starts.
  struct Feed {
    var ids: [ItemID] = []
    var members: Set<ItemID> = []
    var next: PageCursor?
    var started = false
  }

  struct State {
    /// Every item seen, by ``ItemID/rawValue``, as last fetched.
    var items: [ShopItem] = []
    var idsByIdentity: [String: ItemID] = [:]
    var feeds: [CatalogueQuery: Feed] = [:]
    /// What each ``PageCursor`` handed out stands for.
    var positions: [Position] = []
    var skipped = 0
    var problems: [DatasetProblem] = []
    /// A query whose first page was fetched before the viewer started: its first request takes that page.
    var primed: CatalogueQuery?
  }

  public let template: FeedTemplate
  /// Internal, not private: a test checks that it is freed with the catalogue.
  let fetcher: FeedFetcher
  /// One request at a time: a feed's pages follow one another, and a refresh sees every page fetched before it.
  private let requests = Locked(())
  private let state = Locked(State())

  public init(template: FeedTemplate, network: NetworkConfiguration = NetworkConfiguration()) {
    self.template = template
    fetcher = FeedFetcher(configuration: network)
  }

  // No fetch is under way once the catalogue goes: `fetch` holds it (and `requests`) until its answer.
  deinit { fetcher.invalidate() }

  public var latencyMilliseconds: Int { 0 }

  /// A feed's end is known only once its last page is read: `G` goes to the end of the pages loaded.
  public func measure(_ request: MeasureRequest) -> MeasureResponse {
    .endUnknown(reason: "a feed does not say where it ends")
  }

  public var progress: ReadingProgress {
    state.withLock { state in
      var progress = ReadingProgress()
      progress.itemsRead = state.items.count
      progress.skippedItems = state.skipped
      // A feed is never "being read": pages come when asked for.
      progress.fraction = 1
      progress.isComplete = true
      // What it has seen is not how many the server has (a sorted or filtered query shows others).
      progress.readsOnDemand = true
      return progress
    }
  }

  /// Every item fetched so far, in the order first seen.
  public var itemsSeen: [ShopItem] { state.withLock { $0.items } }

  /// The problems of the unusable items seen so far (at most the first 100).
  public var readProblems: [DatasetProblem] { state.withLock { $0.problems } }

  /// Fetches `query`'s first page now (before the terminal is touched, so a feed that cannot be read is said on
  /// stderr); the viewer's first request for it then takes this page instead of asking again.
  public func prime(_ query: CatalogueQuery) -> CatalogueResponse {
    let response = fetch(CataloguePageRequest(query: query))
    if case .page = response, template.answersOnServer(query) { state.withLock { $0.primed = query } }
    return response
  }

  public func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    requests.withLock { _ in fetchAlone(request) }
  }

  /// ``fetch(_:)`` while no other request runs.
  private func fetchAlone(_ request: CataloguePageRequest) -> CatalogueResponse {
    // Only the viewer's very first request takes the primed page; any other asks the server.
    let primed = state.withLock { state in
      defer { state.primed = nil }
      return state.primed
    }
    guard template.answersOnServer(request.query) else { return answerOverLoadedItems(request.query) }
    if request.cursor == nil, primed == request.query { return .page(wholeFeed(request.query)) }
    return fetchFromServer(request.query, cursor: request.cursor)
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    let (catalogue, rest) = loadedCatalogue(query)
    return catalogue.findMatches(of: pattern, in: rest)
  }

  /// The loaded items as a catalogue, and what of `query` is left for it to answer: nothing when the server
  /// answered the query, else all of it over every item loaded.
  private func loadedCatalogue(_ query: CatalogueQuery) -> (ItemCatalogue, CatalogueQuery) {
    let server = template.answersOnServer(query)
    let items = loaded(server ? query : CatalogueQuery()).items
    return (ItemCatalogue(items: items, pageSize: 1), server ? CatalogueQuery() : query)
  }

  /// Over the loaded items, as a search is: the feed's other pages are not fetched for a count.
  public func facet(
    _ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation
  ) -> FacetCounts? {
    let (catalogue, rest) = loadedCatalogue(query)
    return catalogue.facet(field, in: rest, limit: limit, cancellation: cancellation)
  }

  /// In the feed's own order (nothing sorted, filtered or grouped): an item read is where the feed holds it, and
  /// one not read yet comes after every item read, items being numbered as they arrive; so `:N` pages through to
  /// it (nil once the feed has ended without it). Any other query: not known (a sorted or filtered server order
  /// shows only page by page; one over the loaded items comes in a single page, which holds the item already).
  public func rank(of item: ItemID, in query: CatalogueQuery) -> Int? {
    guard query == CatalogueQuery() else { return nil }
    return state.withLock { state in
      guard let feed = state.feeds[query] else { return nil }
      if item.rawValue < state.items.count { return feed.ids.firstIndex(of: item) }
      guard feed.next != nil else { return nil }
      return feed.ids.count + (item.rawValue - state.items.count)
    }
  }

  // MARK: - Private

  private func fetchFromServer(_ query: CatalogueQuery, cursor: PageCursor?) -> CatalogueResponse {
    let position: Position
    if let cursor {
      guard let known = state.withLock({ cursor.page < $0.positions.count ? $0.positions[cursor.page] : nil }) else {
        return .failure(reason: "no such page of \(RedactedURL.text(template.text))")
      }
      position = known
    } else {
      position = Position(address: template.address(page: 1, for: query), page: 1)
    }
    let answer: FeedFetcher.Answer
    switch fetcher.get(position.address, secureOnly: template.isSecure) {
    case .failure(let failure):
      // A `{page}` feed typically ends so: the page after its last is not there.
      if let cursor, failure.saysGone { return end(of: query, at: cursor) }
      return .failure(reason: failure.reason)
    case .success(let success): answer = success
    }
    let body: FeedPageBody
    do {
      body = try FeedPageBody.read(bytes: answer.body, address: RedactedURL.text(answer.address))
    } catch {
      return .failure(reason: error.description)
    }
    let next = FeedPaging.next(
      after: position, answer: answer, body: body, template: template, query: query)
    return state.withLock { state in
      take(body, from: answer.address, next: next, query: query, cursor: cursor, into: &state)
    }
  }

  /// Adds a fetched page to the state: its items under their identities, its next position, and the new ones to
  /// the query's feed (at the front for a first page).
  private func take(
    _ body: FeedPageBody, from address: String, next: Position?, query: CatalogueQuery, cursor: PageCursor?,
    into state: inout State
  ) -> CatalogueResponse {
    let base = URL(string: address)
    var ids: [ItemID] = []
    for (item, identity) in zip(body.items, body.identities) {
      var item = item
      item.imageURL = Self.resolve(picture: item.imageURL, against: base)
      item.extraFields = Self.resolve(pageLinks: item.extraFields, against: base)
      if let id = state.idsByIdentity[identity] {
        state.items[id.rawValue] = item
        ids.append(id)
      } else {
        let id = ItemID(state.items.count)
        state.items.append(item)
        state.idsByIdentity[identity] = id
        ids.append(id)
      }
    }
    state.skipped += Set(body.problems.map(\.item)).count
    state.problems += body.problems.prefix(max(0, 100 - state.problems.count))
    var feed = state.feeds[query] ?? Feed()
    // A later page holding only items already read is the server repeating itself (many APIs answer a page past
    // the last with the last again; a cycle of next links does the same): the feed ends there.
    let repeats = cursor != nil && !ids.isEmpty && ids.allSatisfy { feed.members.contains($0) }
    let nextCursor =
      repeats
      ? nil
      : next.map { position -> PageCursor in
        state.positions.append(position)
        return PageCursor(page: state.positions.count - 1)
      }
    var fresh: [ItemID] = []
    for id in ids where feed.members.insert(id).inserted { fresh.append(id) }
    if cursor == nil {
      feed.ids = fresh + feed.ids
      if !feed.started { feed.next = nextCursor }
      feed.started = true
      state.feeds[query] = feed
      return .page(Self.page(of: feed.ids, next: feed.next, in: state))
    }
    feed.ids += fresh
    if cursor == feed.next { feed.next = nextCursor }
    state.feeds[query] = feed
    var page = Self.page(of: fresh, next: nextCursor, in: state)
    page.resultCount = nextCursor == nil ? feed.ids.count : nil
    return .page(page)
  }

  /// The page at `cursor` is not there (404, 410): the feed ends before it, with the items loaded.
  private func end(of query: CatalogueQuery, at cursor: PageCursor) -> CatalogueResponse {
    state.withLock { state in
      var feed = state.feeds[query] ?? Feed()
      if cursor == feed.next { feed.next = nil }
      state.feeds[query] = feed
      return .page(CataloguePage(items: [], ids: [], next: nil, resultCount: feed.ids.count))
    }
  }

  /// The first page's answer: every item of the query's feed loaded so far.
  private func wholeFeed(_ query: CatalogueQuery) -> CataloguePage {
    state.withLock { state in
      let feed = state.feeds[query] ?? Feed()
      return Self.page(of: feed.ids, next: feed.next, in: state)
    }
  }

  private static func page(of ids: [ItemID], next: PageCursor?, in state: State) -> CataloguePage {
    CataloguePage(
      items: ids.map { state.items[$0.rawValue] }, ids: ids, next: next, resultCount: next == nil ? ids.count : nil)
  }

  /// A query the server cannot answer, answered over the items loaded in the feed's own order (fetching its
  /// first page if none is loaded), whole, in one page.
  private func answerOverLoadedItems(_ query: CatalogueQuery) -> CatalogueResponse {
    let base = CatalogueQuery()
    if state.withLock({ $0.feeds[base]?.started != true }),
      case .failure(let reason) = fetchFromServer(base, cursor: nil)
    {
      return .failure(reason: reason)
    }
    let (items, ids) = loaded(base)
    let local = ItemCatalogue(items: items, pageSize: max(1, items.count))
    guard case .page(var page) = local.fetch(CataloguePageRequest(query: query)) else {
      return .failure(reason: "the loaded items could not be sorted")
    }
    page.ids = page.ids.map { ids[$0.rawValue] }
    page.next = nil
    page.loadedItemsOnly = true
    return .page(page)
  }

  private func loaded(_ query: CatalogueQuery) -> (items: [ShopItem], ids: [ItemID]) {
    state.withLock { state in
      let ids = state.feeds[query]?.ids ?? []
      return (ids.map { state.items[$0.rawValue] }, ids)
    }
  }

  /// A picture address relative to the page (`/img/1.jpg`, `1.jpg`) made absolute. Only web addresses are kept:
  /// a server never names a file on this machine (`file:///…`), so any other scheme is no picture.
  static func resolve(picture: String, against base: URL?) -> String {
    guard !picture.isEmpty else { return picture }
    let resolved = FeedPaging.resolve(picture, against: base)
    return URLScheme(of: resolved)?.isWeb == true ? resolved : ""
  }

  /// The item's page (`url`, `link`, `href`) relative to the feed (`/p/1`) made absolute, so `x` can open it; any
  /// other field, and a page that is not a web address once resolved, stays as the server sent it.
  static func resolve(pageLinks fields: [ExtraField], against base: URL?) -> [ExtraField] {
    fields.map { field in
      guard ItemFieldNames.page.contains(field.key.lowercased()) else { return field }
      let resolved = FeedPaging.resolve(field.value.trimmingCharacters(in: .whitespaces), against: base)
      guard URLScheme(of: resolved)?.isWeb == true else { return field }
      return ExtraField(key: field.key, value: resolved)
    }
  }
}
