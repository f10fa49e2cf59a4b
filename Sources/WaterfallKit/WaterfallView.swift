/// A vertically scrolling waterfall of cells, like PSCollectionView: it lays items out in shortest-column
/// order, and after every change of offset, size or data runs a layout pass that recycles the cells that left the
/// buffered viewport and asks the data source only for the items that entered it.
///
/// Not thread-safe: drive it from one thread (the front end's main loop).
public final class WaterfallView {
  public weak var dataSource: (any WaterfallDataSource)?
  public weak var delegate: (any WaterfallDelegate)?

  /// How the column count follows the width, unless the delegate decides. Changing it relayouts, keeping the
  /// place as ``relayout(anchor:)`` does; ``setColumnPolicy(_:anchor:)`` names the item to keep.
  public var columnPolicy: ColumnPolicy {
    get { storedColumnPolicy }
    set { setColumnPolicy(newValue) }
  }
  private var storedColumnPolicy: ColumnPolicy
  /// Margins by type, unless the delegate decides. Changing them relayouts.
  public var margins: WaterfallMargins {
    didSet { relayout() }
  }
  /// Rows of the full-width header. Changing it relayouts.
  public var headerHeight = 0 {
    didSet { relayout() }
  }
  /// Rows of the full-width footer. Changing it relayouts.
  public var footerHeight = 0 {
    didSet { relayout() }
  }
  /// Rows of the empty or loading placeholder. Changing it relayouts.
  public var placeholderHeight = 0 {
    didSet { relayout() }
  }
  /// Rows kept alive above and below the viewport. `nil`: a quarter of the current viewport height.
  public var bufferRows: Int? {
    didSet { layoutPass() }
  }

  public private(set) var viewportSize: CellSize
  /// The first content row shown at the top of the viewport; always within `0 ... maximumOffset`.
  public private(set) var contentOffset = 0
  public private(set) var layout: WaterfallLayout
  /// Cells showing an item, by item index.
  public private(set) var visibleCells: [Int: WaterfallCell] = [:]
  public private(set) var selectedIndex: Int?
  public private(set) var paging: PagingStateMachine

  private var pool: ReusePool
  private var counters = ReuseStatistics()
  private var cellFactories: [String: (Int) -> WaterfallCell] = [:]
  private var lastObjectID = 0

  public init(
    viewportSize: CellSize, columnPolicy: ColumnPolicy = .fixed(2), margins: WaterfallMargins = WaterfallMargins(),
    poolCapacityPerIdentifier: Int = 256, refreshThreshold: Int = 3
  ) {
    self.viewportSize = CellSize(width: max(0, viewportSize.width), height: max(0, viewportSize.height))
    self.storedColumnPolicy = columnPolicy
    self.margins = margins
    self.pool = ReusePool(capacityPerIdentifier: poolCapacityPerIdentifier)
    self.paging = PagingStateMachine(refreshThreshold: refreshThreshold)
    let columns = columnPolicy.columnCount(forWidth: viewportSize.width, margins: margins)
    self.layout = WaterfallLayout(.init(width: viewportSize.width, columnCount: columns, margins: margins))
  }

  // MARK: - Geometry

  public var contentHeight: Int { layout.contentHeight }
  public var maximumOffset: Int { max(0, contentHeight - viewportSize.height) }
  public var columnCount: Int { layout.columnCount }
  public var itemCount: Int { layout.count }

  /// The content rows on screen.
  public var viewportRect: CellRect {
    CellRect(x: 0, y: contentOffset, width: viewportSize.width, height: viewportSize.height)
  }

  /// The rows the layout pass keeps cells for: the viewport plus the buffer above and below.
  public var bufferedRect: CellRect {
    let buffer = max(0, bufferRows ?? viewportSize.height / 4)
    return CellRect(
      x: 0, y: contentOffset - buffer, width: viewportSize.width, height: viewportSize.height + 2 * buffer)
  }

  /// Whether any row of the footer (or the row right after the columns, when there is no footer) is on screen.
  public var isFooterInView: Bool {
    contentOffset + viewportSize.height > layout.footerFrame.y
  }

  public var contentState: ContentState {
    if itemCount > 0 { return .items }
    return paging.isRefreshing ? .loading : .empty
  }

  /// Items whose frame shares a row with the viewport (not the buffer), ascending.
  public var indicesInViewport: [Int] { layout.items(intersecting: viewportRect) }

  // MARK: - Cells and reuse

  /// Registers how to make a cell for `identifier` when the pool has none. The factory gets a fresh object ID.
  public func register(identifier: String, factory: @escaping (_ objectID: Int) -> WaterfallCell) {
    cellFactories[identifier] = factory
  }

  /// A cell for item `index`: one from the pool when there is one, or a new one from the registered factory.
  public func dequeueReusableCell(withIdentifier identifier: String, for index: Int) -> WaterfallCell {
    if let cell = pool.dequeue(identifier: identifier) {
      cell.reuseCount += 1
      counters.cellsReused += 1
      return cell
    }
    guard let factory = cellFactories[identifier] else {
      preconditionFailure("no cell registered for reuse identifier \"\(identifier)\"")
    }
    lastObjectID += 1
    counters.cellsCreated += 1
    return factory(lastObjectID)
  }

  /// The reuse counters with the live and pooled counts of this moment.
  public var statistics: ReuseStatistics {
    var current = counters
    current.liveCells = visibleCells.count
    current.poolSizes = pool.sizes
    return current
  }

  /// The cell showing item `index`, if it is in the buffered viewport.
  public func cell(at index: Int) -> WaterfallCell? { visibleCells[index] }

  // MARK: - Data

  /// Lays every item out again from the data source. Cells whose item still exists and is still in the
  /// buffered viewport are kept untouched; pass `keepingCells: false` when the items behind the indices changed.
  public func reloadData(keepingCells: Bool = true) {
    rememberedPlace = nil
    if !keepingCells { recycleAllCells() }
    rebuildLayout(configuration: currentConfiguration())
    if let selected = selectedIndex, selected >= itemCount { selectedIndex = nil }
    clampOffset()
    layoutPass()
  }

  /// Lays out only the items added after the last known one: O(k) for k new items, old frames untouched.
  /// Falls back to ``reloadData(keepingCells:)`` when the count went down.
  public func appendItems() {
    let total = askCount()
    guard total >= itemCount else { return reloadData() }
    rememberedPlace = nil
    let width = layout.columnWidth
    let newHeights = (itemCount..<total).map { askHeight($0, columnWidth: width) }
    layout.append(heights: newHeights)
    layoutPass()
  }

  // MARK: - Size and columns

  /// Changes the viewport and keeps the user's place (see ``relayout(anchor:)``): `anchor` if given, else the
  /// selected item when it is on screen, else the item at the top of the viewport. At the bottom it stays at the
  /// bottom.
  public func setViewportSize(_ size: CellSize, anchor: Int? = nil) {
    let size = CellSize(width: max(0, size.width), height: max(0, size.height))
    // The place is read in the old viewport, before the size changes.
    let place = rememberPlace(anchor: anchor)
    viewportSize = size
    let configuration = currentConfiguration()
    if configuration != layout.configuration { rebuildLayout(configuration: configuration) }
    restore(place)
  }

  /// Changes the column policy and relayouts, keeping `anchor` (the front end's focus, say) in view.
  public func setColumnPolicy(_ policy: ColumnPolicy, anchor: Int? = nil) {
    storedColumnPolicy = policy
    relayout(anchor: anchor)
  }

  /// Lays out again (new column count, margins or header/footer), keeping `anchor` or the current place in view:
  /// the anchor keeps its distance from the viewport top where it can, stays whole in view when it was and fits,
  /// and a view at the bottom stays at the bottom. Until the user scrolls or selects, a run of such changes keeps
  /// measuring from the place before the first of them, so going there and back returns to the same offset.
  public func relayout(anchor: Int? = nil) {
    let place = rememberPlace(anchor: anchor)
    let configuration = currentConfiguration()
    if configuration != layout.configuration || layout.count != askCount() {
      rebuildLayout(configuration: configuration)
    }
    restore(place)
  }

  /// The user's place before a run of resizes and column changes; see ``relayout(anchor:)``.
  private struct Place {
    var anchor: Int?
    var distanceFromTop: Int
    var wasWhole: Bool
    var atBottom: Bool
  }

  /// Set by the first resize or column change, cleared by anything that moves the view or changes the data.
  private var rememberedPlace: Place?

  private func rememberPlace(anchor: Int?) -> Place {
    if let remembered = rememberedPlace, anchor == nil || anchor == remembered.anchor {
      return remembered
    }
    let atBottom = maximumOffset > 0 && contentOffset == maximumOffset
    // At the bottom only a chosen item matters; the top item would pull the view off the bottom.
    let chosen = anchor ?? selectedIndex.flatMap { indicesInViewport.contains($0) ? $0 : nil }
    let keep = atBottom ? chosen : chosen ?? placeAnchor()
    let frame = keep.map { layout.frame(of: $0) }
    let place = Place(
      anchor: keep, distanceFromTop: (frame?.y ?? contentOffset) - contentOffset,
      wasWhole: frame.map { $0.y >= contentOffset && $0.maxY <= contentOffset + viewportSize.height } ?? false,
      atBottom: atBottom)
    rememberedPlace = place
    return place
  }

  private func restore(_ place: Place) {
    let anchor = place.anchor.flatMap { $0 < itemCount ? $0 : nil }
    if place.atBottom {
      contentOffset = maximumOffset
    } else if let anchor {
      contentOffset = clamped(layout.frame(of: anchor).y - place.distanceFromTop)
    }
    if let anchor {
      let frame = layout.frame(of: anchor)
      if place.wasWhole, frame.height <= viewportSize.height {
        contentOffset = offset(revealing: anchor, at: .visible)
      } else if !frame.intersects(viewportRect) {
        contentOffset = clamped(frame.y)
      }
    }
    clampOffset()
    layoutPass()
  }

  /// The item the user is looking at: the selected one when it is on screen, else the topmost on screen
  /// (leftmost on ties).
  public func placeAnchor() -> Int? {
    let onScreen = indicesInViewport
    if let selected = selectedIndex, onScreen.contains(selected) { return selected }
    return onScreen.min { lhs, rhs in
      let (left, right) = (layout.frame(of: lhs), layout.frame(of: rhs))
      return (left.y, left.x) < (right.y, right.x)
    }
  }

  // MARK: - Scrolling

  /// Moves the viewport to `offset` (clamped) without counting as a user's move: no load-more, no pull.
  public func scroll(toOffset offset: Int) {
    rememberedPlace = nil
    contentOffset = offset
    clampOffset()
    layoutPass()
  }

  /// The user scrolls by `rows` (positive: toward the end). Moving toward the end with the footer in view may
  /// start a load-more; moving up at the top pulls toward a refresh; moving down lets go of a pull.
  public func userScroll(byRows rows: Int) {
    userScroll(toOffset: contentOffset + rows, intent: rows)
  }

  /// The user jumps to `offset` (Home, End, a page): counts as a move in its direction.
  public func userScroll(toOffset offset: Int) {
    userScroll(toOffset: offset, intent: offset - contentOffset)
  }

  private func userScroll(toOffset offset: Int, intent: Int) {
    let overscroll = offset < 0 ? -offset : 0
    rememberedPlace = nil
    contentOffset = offset
    clampOffset()
    layoutPass()
    if overscroll > 0 {
      paging.pull(rows: overscroll)
    } else if intent > 0 {
      releasePull()
    }
    if let request = paging.userMoved(towardEnd: intent > 0, footerInView: isFooterInView) {
      delegate?.waterfallView(self, didRequestLoadMore: request)
    }
  }

  /// Scrolls so that item `index` sits at `position`.
  public func scrollToItem(_ index: Int, at position: ScrollPosition) {
    guard index >= 0, index < itemCount else { return }
    scroll(toOffset: offset(revealing: index, at: position))
  }

  /// The content offset (clamped) that puts item `index` at `position`.
  public func offset(revealing index: Int, at position: ScrollPosition) -> Int {
    let frame = layout.frame(of: index)
    let height = viewportSize.height
    var offset = contentOffset
    switch position {
    case .top: offset = frame.y
    case .center: offset = frame.y + frame.height / 2 - height / 2
    case .bottom: offset = frame.maxY - height
    case .visible:
      if frame.y < offset || frame.height > height {
        offset = frame.y
      } else if frame.maxY > offset + height {
        offset = frame.maxY - height
      }
    }
    return clamped(offset)
  }

  // MARK: - Selection

  /// Selects item `index` (or clears the selection with `nil`) and tells the delegate.
  public func selectItem(at index: Int?) {
    rememberedPlace = nil
    guard let index else {
      selectedIndex = nil
      return
    }
    guard index >= 0, index < itemCount else { return }
    selectedIndex = index
    delegate?.waterfallView(self, didSelectItemAt: index)
  }

  /// Selects whatever item lies under `point` (content coordinates) and returns what was hit. A point on a gap,
  /// margin, header or footer selects nothing and leaves the selection as it was.
  @discardableResult
  public func selectItem(atContentPoint point: CellPoint) -> HitTarget {
    let target = layout.hitTest(point)
    if let index = target.itemIndex { selectItem(at: index) }
    return target
  }

  /// Converts a viewport point (row 0 is the viewport's top) to content coordinates.
  public func contentPoint(fromViewport point: CellPoint) -> CellPoint {
    CellPoint(x: point.x, y: point.y + contentOffset)
  }

  // MARK: - Refresh and load more

  /// The user let go of a pull: refreshes when it went past the threshold.
  public func releasePull() {
    if let request = paging.release() {
      delegate?.waterfallView(self, didRequestRefresh: request)
    }
  }

  /// Starts a refresh now (also the first load). Returns the request number, or `nil` when one is running.
  @discardableResult
  public func beginRefresh() -> Int? {
    guard let request = paging.beginRefresh() else { return nil }
    delegate?.waterfallView(self, didRequestRefresh: request)
    return request
  }

  /// Retries a failed load-more. Returns the request number, or `nil` when there is nothing to retry.
  @discardableResult
  public func retryLoadMore() -> Int? {
    guard let request = paging.retry() else { return nil }
    delegate?.waterfallView(self, didRequestLoadMore: request)
    return request
  }

  /// Reports a load-more result. Returns `false` for a stale result, which the caller must then drop. On
  /// `true` with `.loaded`, add the page to the data source and call ``appendItems()``.
  @discardableResult
  public func finishLoadMore(request: Int, outcome: PageOutcome) -> Bool {
    paging.loadMoreFinished(request: request, outcome: outcome)
  }

  /// Reports a refresh result. Returns `false` for a stale one. On `true` with `.loaded`, replace the data and
  /// call ``reloadData(keepingCells:)`` with `keepingCells: false`.
  @discardableResult
  public func finishRefresh(request: Int, outcome: PageOutcome) -> Bool {
    paging.refreshFinished(request: request, outcome: outcome)
  }

  // MARK: - The layout pass

  /// Recycles the cells whose item left the buffered viewport and asks the data source for the items that entered
  /// it. Cells that stay are not touched. O(columns·log n + k).
  public func layoutPass() {
    counters.layoutPasses += 1
    let keep = bufferedRect
    var leaving: [Int] = []
    for index in visibleCells.keys where index >= itemCount || !layout.frame(of: index).intersects(keep) {
      leaving.append(index)
    }
    for index in leaving.sorted() {
      guard let cell = visibleCells.removeValue(forKey: index) else { continue }
      recycle(cell, from: index)
    }
    guard let dataSource else { return }
    for index in layout.items(intersecting: keep) where visibleCells[index] == nil {
      counters.dataSourceCalls += 1
      let cell = dataSource.waterfallView(self, cellForItemAt: index)
      cell.itemIndex = index
      visibleCells[index] = cell
      delegate?.waterfallView(self, willDisplay: cell, forItemAt: index)
    }
  }

  // MARK: - Private

  private func recycle(_ cell: WaterfallCell, from index: Int) {
    counters.cellsEnqueued += 1
    if !pool.enqueue(cell) { counters.cellsDropped += 1 }
    delegate?.waterfallView(self, didEndDisplaying: cell, forItemAt: index)
  }

  private func recycleAllCells() {
    for (index, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
      recycle(cell, from: index)
    }
    visibleCells.removeAll()
  }

  private func currentConfiguration() -> WaterfallLayout.Configuration {
    let width = viewportSize.width
    let margins = delegate?.margins(for: self) ?? self.margins
    let columns =
      delegate?.waterfallView(self, columnCountForWidth: width)
      ?? columnPolicy.columnCount(forWidth: width, margins: margins)
    return WaterfallLayout.Configuration(
      width: width, columnCount: columns, margins: margins, headerHeight: headerHeight,
      footerHeight: footerHeight, placeholderHeight: placeholderHeight)
  }

  private func rebuildLayout(configuration: WaterfallLayout.Configuration) {
    var fresh = WaterfallLayout(configuration)
    let total = askCount()
    fresh.reserveCapacity(total)
    let width = fresh.columnWidth
    fresh.append(heights: (0..<total).lazy.map { self.askHeight($0, columnWidth: width) })
    layout = fresh
  }

  private func askCount() -> Int {
    guard let dataSource else { return 0 }
    counters.dataSourceCalls += 1
    return max(0, dataSource.numberOfItems(in: self))
  }

  private func askHeight(_ index: Int, columnWidth: Int) -> Int {
    guard let dataSource else { return WaterfallLayout.minimumItemHeight }
    counters.dataSourceCalls += 1
    return dataSource.waterfallView(self, heightForItemAt: index, columnWidth: columnWidth)
  }

  /// `offset` moved into `0 ... maximumOffset`.
  private func clamped(_ offset: Int) -> Int { min(max(0, offset), maximumOffset) }

  private func clampOffset() {
    contentOffset = clamped(contentOffset)
  }
}
