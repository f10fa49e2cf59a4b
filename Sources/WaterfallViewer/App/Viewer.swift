import Pictures
import ShopCatalog
import WaterfallKit

/// The viewer: `update(message) → effects` over state anyone can read. Input, time and background results come
/// in as ``Message``s; what must happen outside (fetch a page, quit, repaint) goes out as ``Effect``s, which the
/// ``Runner`` carries out. ``render(into:)`` draws the state into an in-memory screen. No terminal, no threads,
/// no I/O here, so all of it runs in tests and snapshots exactly as in the terminal.
public final class Viewer {
  /// The engine: layout, scrolling, cells and their reuse, paging state.
  public let waterfall: WaterfallView
  public let options: ViewerOptions
  public internal(set) var state: ViewState
  /// The engine's data source, which keeps the items.
  let layoutSource: ItemLayoutSource
  public internal(set) var store: ItemStore {
    get { layoutSource.store }
    _modify { yield &layoutSource.store }
  }
  /// Sort, filter and sections: the query shown, the one asked for (``Organiser``).
  public internal(set) var organiser: Organiser {
    didSet { layoutSource.hasSections = presentation.grouping != nil }
  }
  public var presentation: Presentation { organiser.presentation }
  public var pendingQuery: (query: CatalogueQuery, change: QueryChange)? { organiser.pending }
  /// How far the source has read the catalogue.
  public internal(set) var reading = ReadingProgress()
  /// The search on and the loaded items folded for it (``Searching``).
  public internal(set) var searching = Searching()
  /// The reuse inspector: open or not, step mode, the latest layout-pass events.
  public internal(set) var inspector = InspectorState()
  /// Each item's picture, as far as it has come, by store index.
  public internal(set) var pictures = PictureBook()
  /// The picture loader's counters, when the runner has a loader (shown in the statistics).
  public var pictureStatistics: PictureStatistics?
  /// How long the last frame took to render, when the runner measured it (shown in the statistics).
  public var lastFrameMicroseconds: Double?
  /// Blank area, creates and binds, frames over budget, prefetch hits (``SessionMetrics``).
  public internal(set) var metrics = SessionMetrics()
  /// Whether cells' creation and binding are timed: set by a runner that measures its frames.
  public var measuresWork = false

  /// Keys and clicks typed while the source opens, applied once it answers.
  var heldInput = HeldInput()
  /// Effects gathered during one update.
  var pendingEffects: [Effect] = []
  /// Load-more requests on their way, so a refresh can cancel them (``Paging``).
  var paging = Paging()
  /// `G`, Home, `:N` and reaching a rank beyond the loaded items: the measuring and the rank loader (``Jumps``).
  public internal(set) var jumps: Jumps
  /// The terminal's cell size in pixels when it changed since the start (``InputEvent/cellPixels(width:height:)``).
  public internal(set) var cellPixels: CellPixelSize?

  /// A refresh throws away every loaded page, so it takes a deliberate pull: more than one wheel notch, or ↑ held
  /// (three presses at the top are not enough).
  static let pullRowsToRefresh = 2 * Mouse.wheelRows

  public init(screenSize: GridSize, options: ViewerOptions = ViewerOptions()) {
    self.options = options
    let query = CatalogueQuery(
      order: options.sort, filter: options.filter.map(ItemQuery.init), grouping: options.groupBy)
    organiser = Organiser(presentation: Presentation(query: query))
    jumps = Jumps(measuresToEnd: options.measuresToEnd, stretchRows: options.measureStretchRows)
    layoutSource = ItemLayoutSource(metrics: options.metrics, hasSections: query.grouping != nil)
    state = ViewState(
      screenSize: screenSize, showReuse: options.showReuse, columnOverride: options.fixedColumns,
      picking: options.picking)
    waterfall = WaterfallView(
      viewportSize: GridSize(width: max(1, screenSize.width), height: max(1, screenSize.height - 1)),
      columnPolicy: Scrolling(columnOverride: options.fixedColumns).columnPolicy(options),
      margins: WaterfallMargins(top: 0, bottom: 0, left: 1, right: 1, columnGap: 1, rowGap: 0),
      headerHeight: 1, footerHeight: 1, placeholderHeight: 3, refreshThreshold: Self.pullRowsToRefresh)
    waterfall.register(identifier: ItemCell.identifier) { [weak self] objectID in
      let start = self?.measuresWork == true ? ContinuousClock.now : nil
      let cell = ItemCell(reuseIdentifier: ItemCell.identifier, objectID: objectID)
      if let start { self?.metrics.created(microseconds: start.duration(to: .now).microseconds) }
      return cell
    }
    waterfall.dataSource = layoutSource
    waterfall.reloadData()
  }

  /// Applies one message and returns what must happen outside, in order.
  @discardableResult
  public func update(_ message: Message) -> [Effect] {
    if inspector.isStepping, case .pageArrived = message {
      // Step mode: only keys run layout passes, one each; pages wait until it ends.
      inspector.heldMessages.append(message)
    } else {
      apply(message)
    }
    defer { pendingEffects.removeAll() }
    return pendingEffects
  }

  /// Shown when the first item is skipped: the viewer counts them, `check` names each.
  static let skippedNotice = "waterfall check names them"

  func apply(_ message: Message) {
    switch message {
    case .start:
      inspector.halfScreen = options.presenter
      if options.inspector || options.presenter { run(inspector.update(.inspector)) }
      if let queries = options.comparedQueries { run(inspector.compare(queries)) }
      listenToLayoutPasses()
      _ = heldInput.update(.start)
      waterfall.beginRefresh()
    case .input(let event): handleOrHold(event)
    case .tick(let now): tick(now: now)
    case .pageArrived(let delivery): receive(delivery)
    case .pictureArrived(let result): _ = pictures.take(result)  // kept if its item still wants exactly it
    case .readingProgressed(let progress):
      // The first item skipped: said once where to read why (the status bar keeps the count).
      if reading.skippedItems == 0, progress.skippedItems > 0, state.notice == nil {
        state.notice = Self.skippedNotice
      }
      reading = progress
    case .matchesCounted(let search, let count): filterCounted(search, count: count)
    case .facetCounted(let request, let counts): facetCounted(request, counts)
    case .matchesFound(let found): send(search: .found(found, loadingToPlace: jumps.rankLoader.place != nil))
    case .itemLocated(let location): send(jumps: .located(location))
    case .notice(let text): state.notice = text
    case .measured(let delivery): send(jumps: .measured(delivery))
    case .farPageArrived(let delivery): send(jumps: .farPageArrived(delivery))
    }
    handleInputThatWaited()
    loadUntilFilled()
    requestPages()
    send(jumps: .requestFarPages)
    let binding = measuresWork ? ContinuousClock.now : nil
    let bound = ItemCell.configureVisible(
      in: waterfall, store: store, metrics: options.metrics, ellipsis: options.glyphs.ellipsis)
    metrics.bound(bound, microseconds: binding?.duration(to: .now).microseconds)
    requestPictures()
    collectLayoutPassEvents()
  }

  func emit(_ effect: Effect) { pendingEffects.append(effect) }

  /// Which box is focused, selected and acted on.
  public var focus: Focus { Focus(keyboard: state.keyboardFocus, waterfall: waterfall, store: store) }

  // MARK: - Time

  private func tick(now: Int) {
    state.now = max(state.now, now)
    carryOut(state.scrolling.update(.tick(now: state.now, releaseAfter: options.pullReleaseMilliseconds)))
  }
}
