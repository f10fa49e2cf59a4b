/// Counters of the reuse machinery, cheap to read at any time.
public struct ReuseStatistics: Hashable, Sendable {
  /// Layout passes run (one per change of offset, size or data).
  public var layoutPasses = 0
  /// Cell objects made by a registered factory because the pool had none.
  public var cellsCreated = 0
  /// Cells handed out again from the pool.
  public var cellsReused = 0
  /// Cells put back into the pool (or dropped by it when it was full).
  public var cellsEnqueued = 0
  /// Cells the pool dropped because it was full.
  public var cellsDropped = 0
  /// Cells currently showing an item.
  public var liveCells = 0
  /// Cells waiting in the pool, per reuse identifier.
  public var poolSizes: [String: Int] = [:]
  /// Calls made to the data source: one per height and per cell, and one per count question (with sections,
  /// the number of sections, their item counts and header heights together count as that one question).
  public var dataSourceCalls = 0

  public init() {}

  /// Cells waiting in the pool, all identifiers together.
  public var pooledCells: Int { poolSizes.values.reduce(0, +) }
}
