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
  var storedColumnPolicy: ColumnPolicy
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

  public internal(set) var viewportSize: GridSize
  /// The first content row shown at the top of the viewport; always within `0 ... maximumOffset`.
  public internal(set) var contentOffset = 0
  public internal(set) var layout: WaterfallLayout
  /// Cells showing an item, by item index.
  public internal(set) var visibleCells: [Int: WaterfallCell] = [:]
  public internal(set) var selectedIndex: Int?
  public internal(set) var paging: PagingStateMachine
  /// Listens to the layout passes (see ``LayoutPassEvent``) while set; `nil`, the default, records nothing.
  public var eventRecorder: LayoutEventRecorder?

  var pool: ReusePool
  var counters = ReuseStatistics()
  /// The user's place before a run of resizes and column changes (see ``relayout(anchor:)``): set by the first
  /// of them, cleared by anything that moves the view or changes the data.
  var rememberedPlace: Place?
  /// Page requests started since the caller last took them (see ``takePageRequests()``).
  var pendingPageRequests: [PageRequest] = []
  /// Item indices the layout pass reuses from pass to pass, so a pass allocates nothing once it has run.
  var scratchIndices: [Int] = []
  /// Whether a layout pass is running: events outside one belong to the pass that follows.
  var isInLayoutPass = false
  /// How the last dequeued cell was served, kept only while a recorder listens.
  var lastServed: (objectID: Int, origin: CellOrigin)?
  private var cellFactories: [String: (Int) -> WaterfallCell] = [:]
  private var lastObjectID = 0

  /// A view with everything that shapes its layout given at once, so it is laid out once (on the first
  /// ``reloadData(keepingCells:)``), not once per property.
  public init(
    viewportSize: GridSize, columnPolicy: ColumnPolicy = .fixed(2), margins: WaterfallMargins = WaterfallMargins(),
    headerHeight: Int = 0, footerHeight: Int = 0, placeholderHeight: Int = 0,
    poolCapacityPerIdentifier: Int = 256, refreshThreshold: Int = 3
  ) {
    self.viewportSize = GridSize(width: max(0, viewportSize.width), height: max(0, viewportSize.height))
    self.storedColumnPolicy = columnPolicy
    self.margins = margins
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
    self.placeholderHeight = placeholderHeight
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
  public var viewportRect: GridRect {
    GridRect(x: 0, y: contentOffset, width: viewportSize.width, height: viewportSize.height)
  }

  /// The rows the layout pass keeps cells for: the viewport plus the buffer above and below.
  public var bufferedRect: GridRect {
    let buffer = max(0, bufferRows ?? viewportSize.height / 4)
    return GridRect(
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
      if eventRecorder != nil { lastServed = (cell.objectID, .dequeued) }
      return cell
    }
    guard let factory = cellFactories[identifier] else {
      preconditionFailure("no cell registered for reuse identifier \"\(identifier)\"")
    }
    lastObjectID += 1
    counters.cellsCreated += 1
    if eventRecorder != nil { lastServed = (lastObjectID, .created) }
    return factory(lastObjectID)
  }

  /// The reuse counters with the live and pooled counts of this moment.
  public var statistics: ReuseStatistics {
    var current = counters
    current.liveCells = visibleCells.count
    current.poolSizes = pool.sizes
    return current
  }

  /// The object IDs of the cells waiting in the pool, per reuse identifier, in the order they would be handed
  /// out last to first.
  public var pooledCellIDs: [String: [Int]] { pool.objectIDs }

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

  /// Lays out only the items added after the last known one, into the last section and any sections added
  /// after it: O(k) for k new items (plus O(s) to ask the section counts), old frames untouched. Falls back to
  /// ``reloadData(keepingCells:)`` when any earlier section changed or the count went down.
  public func appendItems() {
    let counts = askSectionItemCounts()
    let known = layout.sectionCount
    let last = known - 1
    let unchanged =
      counts.count >= known && (0..<last).allSatisfy { counts[$0] == layout.itemRange(inSection: $0).count }
      && counts[last] >= layout.itemRange(inSection: last).count
    guard unchanged else { return reloadData() }
    rememberedPlace = nil
    // Each batch is asked before the layout changes: the data source may read the layout while it answers.
    var heights: [Int] = []
    let width = layout.columnWidth
    askHeights(
      layout.count..<layout.itemRange(inSection: last).lowerBound + counts[last], columnWidth: width, into: &heights)
    layout.append(heights: heights)
    for section in known..<counts.count {
      let headerHeight = askHeaderHeight(section)
      askHeights(layout.count..<layout.count + counts[section], columnWidth: width, into: &heights)
      layout.appendSection(headerHeight: headerHeight)
      layout.append(heights: heights)
    }
    layoutPass()
  }

  // MARK: - Shared by the extensions

  func currentConfiguration() -> WaterfallLayout.Configuration {
    let width = viewportSize.width
    let margins = delegate?.margins(for: self) ?? self.margins
    let columns =
      delegate?.waterfallView(self, columnCountForWidth: width)
      ?? columnPolicy.columnCount(forWidth: width, margins: margins)
    return WaterfallLayout.Configuration(
      width: width, columnCount: columns, margins: margins, headerHeight: headerHeight,
      footerHeight: footerHeight, placeholderHeight: placeholderHeight)
  }

  func rebuildLayout(configuration: WaterfallLayout.Configuration) {
    let counts = askSectionItemCounts()
    var fresh = WaterfallLayout(configuration, sectionHeaderHeight: askHeaderHeight(0))
    fresh.reserveCapacity(counts.reduce(0, +))
    var heights: [Int] = []
    for (section, itemCount) in counts.enumerated() {
      if section > 0 { fresh.appendSection(headerHeight: askHeaderHeight(section)) }
      appendHeights(
        fresh.count..<fresh.count + itemCount, columnWidth: fresh.columnWidth, to: &fresh, buffer: &heights)
    }
    layout = fresh
  }

  /// `offset` moved into `0 ... maximumOffset`.
  func clamped(_ offset: Int) -> Int { min(max(0, offset), maximumOffset) }

  func clampOffset() {
    contentOffset = clamped(contentOffset)
  }
}
