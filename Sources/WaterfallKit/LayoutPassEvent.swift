/// One thing a ``WaterfallView`` did in a layout pass, for an inspector to show; recorded only while a
/// ``LayoutEventRecorder`` listens. `pass` numbers the pass (``ReuseStatistics/layoutPasses``); work done just
/// before a pass (a reload asking for heights, cells recycled by it) carries the number of the pass that follows.
public enum LayoutPassEvent: Hashable, Sendable {
  /// A pass began; it keeps cells for the items in `bufferedRect`.
  case passStarted(pass: Int, bufferedRect: GridRect)
  /// Item `item` entered the buffered viewport and `cell` now shows it.
  case itemEntered(pass: Int, item: Int, cell: CellIdentity, origin: CellOrigin)
  /// Item `item` left (or the data went away) and its cell went to `destination`.
  case itemLeft(pass: Int, item: Int, cell: CellIdentity, destination: CellDestination)
  /// The view asked its data source something.
  case dataSourceCall(pass: Int, DataSourceCall)
  /// A pass ended with `liveCells` cells showing items and `pooledCells` waiting in the pool.
  case passEnded(pass: Int, liveCells: Int, pooledCells: Int)

  /// The pass the event belongs to.
  public var pass: Int {
    switch self {
    case .passStarted(let pass, _), .itemEntered(let pass, _, _, _), .itemLeft(let pass, _, _, _),
      .dataSourceCall(let pass, _), .passEnded(let pass, _, _):
      return pass
    }
  }
}

/// A cell object as the inspector names it.
public struct CellIdentity: Hashable, Sendable {
  public var objectID: Int
  public var reuseIdentifier: String
  /// How many times the object had been handed out again when the event happened.
  public var reuseCount: Int

  public init(objectID: Int, reuseIdentifier: String, reuseCount: Int) {
    self.objectID = objectID
    self.reuseIdentifier = reuseIdentifier
    self.reuseCount = reuseCount
  }

  init(_ cell: WaterfallCell) {
    self.init(objectID: cell.objectID, reuseIdentifier: cell.reuseIdentifier, reuseCount: cell.reuseCount)
  }
}

/// Where the cell that serves an entering item came from.
public enum CellOrigin: Hashable, Sendable {
  /// Made by the registered factory: the pool had none.
  case created
  /// Taken from the pool.
  case dequeued
  /// Handed over by the data source without ``WaterfallView/dequeueReusableCell(withIdentifier:for:)``.
  case suppliedByDataSource
}

/// Where the cell of a leaving item went.
public enum CellDestination: Hashable, Sendable {
  /// Into the reuse pool.
  case pool
  /// Dropped: the pool for its identifier was full.
  case dropped
}

/// A question the view put to its data source.
public enum DataSourceCall: Hashable, Sendable {
  case numberOfSections
  case numberOfItems(section: Int)
  case headerHeight(section: Int)
  /// The heights of these items, asked one by one in order.
  case heights(Range<Int>)
  case cell(item: Int)
}
