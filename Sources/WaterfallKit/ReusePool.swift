/// Cells waiting to be reused, keyed by reuse identifier. Bounded per identifier: a cell that would go over
/// `capacityPerIdentifier` is dropped instead of kept.
public struct ReusePool {
  public let capacityPerIdentifier: Int
  // One stack per identifier, found through a read-only index: mutating a dictionary's value in place goes
  // through a coroutine that allocated on every dequeue, and the layout pass dequeues on every step.
  private var slotOfIdentifier: [String: Int] = [:]
  private var identifiers: [String] = []
  private var stacks: [[WaterfallCell]] = []

  public init(capacityPerIdentifier: Int = 256) {
    self.capacityPerIdentifier = max(0, capacityPerIdentifier)
  }

  /// Calls `prepareForReuse` and keeps the cell. Returns `false` when the pool for its identifier is full and
  /// the cell was dropped.
  @discardableResult
  public mutating func enqueue(_ cell: WaterfallCell) -> Bool {
    cell.itemIndex = nil
    cell.prepareForReuse()
    guard capacityPerIdentifier > 0 else { return false }
    let slot = slot(for: cell.reuseIdentifier)
    guard stacks[slot].count < capacityPerIdentifier else { return false }
    stacks[slot].append(cell)
    return true
  }

  /// A waiting cell with `identifier`, if there is one.
  public mutating func dequeue(identifier: String) -> WaterfallCell? {
    guard let slot = slotOfIdentifier[identifier] else { return nil }
    return stacks[slot].popLast()
  }

  /// How many cells wait under `identifier`.
  public func count(for identifier: String) -> Int { slotOfIdentifier[identifier].map { stacks[$0].count } ?? 0 }

  /// Waiting cells, all identifiers together.
  public var count: Int { stacks.reduce(0) { $0 + $1.count } }

  /// The object IDs of the waiting cells per identifier, the next to be handed out last.
  public var objectIDs: [String: [Int]] {
    byIdentifier { $0.map(\.objectID) }
  }

  /// Waiting cells per identifier.
  public var sizes: [String: Int] { byIdentifier(\.count) }

  private mutating func slot(for identifier: String) -> Int {
    if let slot = slotOfIdentifier[identifier] { return slot }
    slotOfIdentifier[identifier] = stacks.count
    identifiers.append(identifier)
    stacks.append([])
    return stacks.count - 1
  }

  /// A value per identifier that has ever held a cell, as the pool's dictionary-shaped views report them.
  private func byIdentifier<Value>(_ value: ([WaterfallCell]) -> Value) -> [String: Value] {
    var result: [String: Value] = [:]
    for (slot, identifier) in identifiers.enumerated() {
      result[identifier] = value(stacks[slot])
    }
    return result
  }
}
