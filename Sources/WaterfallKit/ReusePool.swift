/// Cells waiting to be reused, keyed by reuse identifier. Bounded per identifier: a cell that would go over
/// `capacityPerIdentifier` is dropped instead of kept.
public struct ReusePool {
  public let capacityPerIdentifier: Int
  private var cells: [String: [WaterfallCell]] = [:]

  public init(capacityPerIdentifier: Int = 256) {
    self.capacityPerIdentifier = max(0, capacityPerIdentifier)
  }

  /// Calls `prepareForReuse` and keeps the cell. Returns `false` when the pool for its identifier is full and
  /// the cell was dropped.
  @discardableResult
  public mutating func enqueue(_ cell: WaterfallCell) -> Bool {
    cell.itemIndex = nil
    cell.prepareForReuse()
    guard cells[cell.reuseIdentifier, default: []].count < capacityPerIdentifier else { return false }
    cells[cell.reuseIdentifier, default: []].append(cell)
    return true
  }

  /// A waiting cell with `identifier`, if there is one.
  public mutating func dequeue(identifier: String) -> WaterfallCell? {
    cells[identifier]?.popLast()
  }

  /// How many cells wait under `identifier`.
  public func count(for identifier: String) -> Int { cells[identifier]?.count ?? 0 }

  /// The object IDs of the waiting cells per identifier, the next to be handed out last.
  public var objectIDs: [String: [Int]] { cells.mapValues { $0.map(\.objectID) } }

  /// Waiting cells, all identifiers together.
  public var count: Int { cells.values.reduce(0) { $0 + $1.count } }

  /// Waiting cells per identifier.
  public var sizes: [String: Int] { cells.mapValues(\.count) }
}
