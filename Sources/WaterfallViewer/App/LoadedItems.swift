/// The items of a query's result by rank, as far as they are loaded: a run from the start (pages loaded one after
/// another) and, once the whole result is measured (`G`), pages loaded anywhere beyond it. An item not loaded
/// reads as `placeholder`; ``isLoaded(_:)`` tells them apart.
public struct LoadedItems<Element: Sendable>: RandomAccessCollection, Sendable {
  /// Ranks `0 ..< run.count`.
  public private(set) var run: [Element] = []
  /// Loaded ranks past the run.
  private var beyond: [Int: Element] = [:]
  public private(set) var endIndex = 0
  private let placeholder: Element

  init(placeholder: Element) { self.placeholder = placeholder }

  public var startIndex: Int { 0 }

  public subscript(rank: Int) -> Element { rank < run.count ? run[rank] : beyond[rank] ?? placeholder }

  public func isLoaded(_ rank: Int) -> Bool { rank < run.count || beyond[rank] != nil }

  /// Appends to the run (the next page); ranks it reaches stop being kept apart.
  mutating func append(contentsOf elements: [Element]) {
    run += elements
    endIndex = Swift.max(endIndex, run.count)
    if !beyond.isEmpty {
      beyond = beyond.filter { $0.key >= run.count }
      while let next = beyond.removeValue(forKey: run.count) { run.append(next) }
    }
  }

  /// Loaded elements at `ranks` from `start`, anywhere below ``endIndex``.
  mutating func put(_ elements: [Element], from start: Int) {
    for (offset, element) in elements.enumerated() where start + offset >= run.count {
      beyond[start + offset] = element
    }
    while let next = beyond.removeValue(forKey: run.count) { run.append(next) }
  }

  /// The result is `count` long, loaded or not (it was measured).
  mutating func extend(to count: Int) { endIndex = Swift.max(run.count, count) }
}

extension LoadedItems where Element: Equatable {
  /// The first rank holding `element`: the run, then the pages loaded beyond it, not every rank between (a
  /// measured result is 10^6 ranks long and has a few pages loaded; `:N` in it looked up each).
  public func firstIndex(of element: Element) -> Int? {
    if let rank = run.firstIndex(of: element) { return rank }
    var found = beyond.lazy.filter { $0.value == element }.map(\.key).min()
    if element == placeholder, run.count < endIndex {
      var rank = run.count
      while beyond[rank] != nil { rank += 1 }
      if rank < endIndex { found = Swift.min(found ?? rank, rank) }
    }
    return found
  }
}
