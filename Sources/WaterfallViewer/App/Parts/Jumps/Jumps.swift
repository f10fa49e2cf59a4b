import ShopCatalog
import WaterfallKit

/// Jumps: `G` (End) and Home, `:N`, and reaching any rank beyond the loaded items. It owns the ``Measurer`` (the
/// whole result measured stretch by stretch off the main loop, then laid out at once, its pages fetched where the
/// view is) and the one ``RankLoader`` (pages loaded through to a match, an item or the end). It answers with
/// ``Command``s: the root lays the measured result out, scrolls and focuses.
public struct Jumps: Sendable {
  enum Message {
    /// `G`: the end of the masonry.
    case goToEnd
    /// Home (`g`): the top.
    case goToTop
    /// `:N` submitted with this text.
    case goToItem(String)
    /// Back to a place (Esc after `&`, Ctrl-O, a mark) whose item is not loaded: found, loaded through to, and
    /// put at the same distance from the top, focused only if it was.
    case goToPlace(item: ItemID, distanceFromTop: Int, focused: Bool)
    /// The source answered where an item `:N` named is.
    case located(ItemLocation)
    /// Load through to this goal (a new goal replaces the last).
    case load(RankLoader.Goal)
    /// A page arrived, the measuring ended, or a goal was set: the rank loader's next step.
    case step
    /// A stretch of the measuring came back.
    case measured(MeasureDelivery)
    /// The root laid out the measured result that was measured to reach `destination`.
    case adopted(Measuring.Destination)
    /// A page of a measured result came back.
    case farPageArrived(FarPageDelivery)
    /// After each update: the pages of a measured result that the buffered viewport shows.
    case requestFarPages
    /// Esc: stop loading through, or stop measuring. Answers nothing when neither was under way.
    case escape
    /// The items change (a refresh, a new query): the measuring's answer would be for other items.
    case itemsChanging
    /// The goal is given up (a new query, a new search).
    case drop
    /// The search changed: a match being loaded through to belongs to the old one.
    case dropMatch
    /// R: the far pages that failed are asked for again.
    case retry
  }

  /// The measuring under way and the far pages asked for.
  public internal(set) var measurer = Measurer()
  /// The rank beyond the loaded items that pages are being loaded through to: a match, or the user's place.
  public internal(set) var rankLoader = RankLoader()
  /// The place ``Message/goToPlace(item:distanceFromTop:focused:)`` looks for, until the source says where it is.
  private var soughtPlace: (item: ItemID, distanceFromTop: Int, focused: Bool)?
  /// `--measure`: whether `G` and far jumps may measure the whole result.
  let measuresToEnd: Bool
  /// Rows of one measured stretch.
  let stretchRows: Int

  init(measuresToEnd: Bool, stretchRows: Int) {
    (self.measuresToEnd, self.stretchRows) = (measuresToEnd, stretchRows)
  }

  mutating func update(_ message: Message, in around: Surroundings) -> [Command] {
    switch message {
    case .goToEnd: return goToEnd(around)
    case .goToTop:
      // A `G` still measuring lays the result out when done, but no longer takes the view to the end.
      if measurer.measuring?.destination == .end { measurer.redirect(to: .jump) }
      return [.userScroll(toOffset: 0)]
    case .goToItem(let text):
      soughtPlace = nil
      return goToItem(text, around)
    case .goToPlace(let item, let distanceFromTop, let focused):
      soughtPlace = (item, distanceFromTop, focused)
      return locate(item, around)
    case .located(let location): return located(location, around)
    case .load(let goal):
      rankLoader.start(goal)
      return step(around)
    case .step: return step(around)
    case .measured(let delivery): return receive(delivery, around)
    case .adopted(let destination): return destination == .end ? showEnd(around) : step(around)
    case .farPageArrived(let delivery): return receive(delivery, around)
    case .requestFarPages:
      let visible = Array(around.waterfall.visibleCells.keys)
      return measurer.farPageLoads(visible: visible, store: around.store, query: around.query).map { .effect($0) }
    case .escape:
      if let notice = rankLoader.stop() { return cancelMeasuring() + [.notice(notice)] }
      guard let (effect, notice) = measurer.stop() else { return [] }
      return [.effect(effect), .notice(notice)]
    case .itemsChanging: return cancelMeasuring()
    case .drop:
      rankLoader.drop()
      return []
    case .dropMatch:
      if rankLoader.match != nil { rankLoader.drop() }
      return []
    case .retry:
      measurer.retryFarPages()
      return []
    }
  }

  /// `G`: measured, the first shows the last item; the next goes to the very bottom (the footer). Sections, which
  /// are not measured, load every page through to the end.
  private mutating func goToEnd(_ around: Surroundings) -> [Command] {
    let exhausted = if case .exhausted = around.waterfall.paging.loadMore { true } else { false }
    var commands: [Command] = []
    switch measurer.goToEnd(situation(around), itemCount: around.store.count, exhausted: exhausted) {
    case .redirected: rankLoader.drop()
    case .measure(let effect): commands.append(.effect(effect))
    case .loadEverySection:
      rankLoader.start(.end)
      commands = [.notice("loading to the end…")] + step(around)
    case .stays: break
    }
    return commands + [.scrollToEnd]
  }

  private func situation(_ around: Surroundings) -> Measurer.Situation {
    Measurer.Situation(
      measurable: measuresToEnd && around.store.measuredPages == nil && around.pendingQuery == nil,
      query: around.query, sections: around.query.grouping != nil, stretchRows: stretchRows)
  }

  /// `:N`: focus item #N (its number in the catalogue, whatever the order); one not loaded yet is looked for in
  /// the whole result and loaded through to.
  private mutating func goToItem(_ text: String, _ around: Surroundings) -> [Command] {
    let item: ItemID
    switch GoToText(text) {
    case .empty: return []
    case .notANumber(let typed):
      return [.notice("\"\(TextSanitizer.sanitize(typed, limit: 20))\" is not an item number")]
    case .belowOne(let typed):
      return [.notice("no item #\(TextSanitizer.sanitize(typed, limit: 20)): items count from 1")]
    case .item(let named): item = named
    }
    if let index = around.store.ids.firstIndex(of: item) { return [.focus(index)] }
    return locate(item, around)
  }

  /// Asks the source where `item` is in the whole result (``located(_:_:)`` answers).
  private mutating func locate(_ item: ItemID, _ around: Surroundings) -> [Command] {
    if rankLoader.place != nil { rankLoader.drop() }
    return [.effect(.locateItem(ItemLocation(item: item, query: around.pendingQuery ?? around.query)))]
  }

  /// The source answered where the item `:N` named is: loaded through to, or a notice that it is not there.
  private mutating func located(_ location: ItemLocation, _ around: Surroundings) -> [Command] {
    guard location.query == around.query, around.pendingQuery == nil else { return [] }
    guard let rank = location.rank else {
      let reading = around.reading
      let whole = reading.isComplete && location.query.isReadingOrder
      return [
        .notice(
          "no item #\(location.item.number)" + (whole ? ": the catalogue has \(reading.itemsRead)" : " in this result"))
      ]
    }
    var target = PlaceTarget(item: location.item, rank: rank, purpose: .goToItem, distanceFromTop: nil)
    if let place = soughtPlace, place.item == location.item {
      target.purpose = place.focused ? .goToItem : .topOfView
      target.distanceFromTop = place.distanceFromTop
    }
    soughtPlace = nil
    rankLoader.start(.place(target))
    return step(around)
  }

  /// One step of the rank loader; a goal beyond the loaded items has the result measured where it can be.
  private mutating func step(_ around: Surroundings) -> [Command] {
    var (measurer, started) = (measurer, Effect?.none)
    let situation = situation(around)
    let step = rankLoader.step(loadedCount: around.store.count, loadMore: around.waterfall.paging.loadMore) {
      let (measures, effect) = measurer.measureForJump(situation)
      started = effect
      return measures
    }
    self.measurer = measurer
    let commands: [Command] = started.map { [.effect($0)] } ?? []
    switch step {
    case .wait: return commands
    case .loadMore: return commands + [.loadMore]
    case .stopped(let notice): return commands + (notice.map { [.notice($0)] } ?? [])
    case .arrived(.match(let target)): return commands + [.search(.arrivedAtMatch(target))]
    case .arrived(.place(let target)): return commands + arrive(at: target, around)
    case .arrived(.end): return commands + showEnd(around)
    }
  }

  /// The item is loaded: put where it belongs (``PlaceKeeping/arrival(at:ids:layout:)``).
  private func arrive(at target: PlaceTarget, _ around: Surroundings) -> [Command] {
    let layout = around.waterfall.layout
    guard let arrival = PlaceKeeping.arrival(at: target, ids: around.store.ids, layout: layout) else {
      // The source ranked the row, but its page left it out (a row with a problem) or another client removed it.
      guard target.purpose == .goToItem else { return [] }
      return [.notice("item #\(target.item.number) is not shown: left out for a problem, or removed since")]
    }
    var commands: [Command] = arrival.offset.map { [.scroll(toOffset: $0)] } ?? []
    guard arrival.focuses else { return commands }
    if arrival.selects { commands.append(.select(arrival.index)) }
    return commands + [.focus(arrival.index)]
  }

  /// The whole result is laid out: the view at its bottom, the last item focused. (The bottom of a masonry is its
  /// tallest column's: the last item, in the shortest, may end above it.)
  private func showEnd(_ around: Surroundings) -> [Command] {
    let last = around.store.count - 1
    let bottom = Command.userScroll(toOffset: around.waterfall.maximumOffset)
    guard last >= 0 else { return [bottom] }
    return [bottom, .focus(last), .notice("the end: \(around.store.countText)")]
  }

  /// A stretch came back: the next is asked for, or the whole result is laid out when it was the last.
  private mutating func receive(_ delivery: MeasureDelivery, _ around: Surroundings) -> [Command] {
    let arrival = measurer.receive(delivery, stretchRows: stretchRows, loadedText: around.store.countText)
    // Consumed, so the measured shapes (the whole result) reach the store with no second owner forcing a copy.
    switch consume arrival {
    case .ignored: return []
    case .next(let effect): return [.effect(effect)]
    case .cannotMeasure(let notice, let followsEnd):
      // A jump waiting for the measure loads page by page instead; G follows the end as its pages come.
      let following: [Command] = followsEnd.map { [.followEnd(reason: $0)] } ?? []
      return following + (notice.map { [.notice($0)] } ?? []) + step(around)
    case .measured(var measured):
      guard measured.query == around.query, around.pendingQuery == nil else { return [] }
      var shapes: [DisplayItem] = []
      swap(&shapes, &measured.displayItems)
      let result = MeasuredResult(
        shapes: consume shapes, pageSize: measured.pageSize, starts: measured.pageStarts,
        startRanks: measured.pageStartRanks)
      return [.adopt(result), .jumps(.adopted(measured.destination))]
    }
  }

  /// A page of a measured result: its items take their ranks, unless the items changed since.
  private mutating func receive(_ delivery: FarPageDelivery, _ around: Surroundings) -> [Command] {
    guard measurer.wants(delivery, store: around.store, query: around.query) else { return [] }
    switch delivery.response {
    case .failure(let reason):
      measurer.farPageFailed(delivery.load.page)
      return [.notice("page \(delivery.load.page + 1) failed, R retries: \(reason)")]
    case .page(let page): return [.putFarPage(page, page: delivery.load.page), .search(.itemsAdded(relaidOut: false))]
    }
  }

  private mutating func cancelMeasuring() -> [Command] {
    measurer.cancel().map { [.effect($0.effect)] } ?? []
  }
}

extension String {
  /// The string without the given characters at either end.
  func trimmingCharacters(in characters: String) -> String {
    var text = Substring(self)
    while let first = text.first, characters.contains(first) { text.removeFirst() }
    while let last = text.last, characters.contains(last) { text.removeLast() }
    return String(text)
  }
}

extension Jumps.Message {
  /// The waterfall's actions this part owns: Home and `G`.
  init?(_ action: Action) {
    switch action {
    case .top: self = .goToTop
    case .bottom: self = .goToEnd
    default: return nil
    }
  }
}
