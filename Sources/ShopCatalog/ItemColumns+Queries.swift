import Foundation

/// The whole-catalogue answers over the columns: orders by precomputed keys (integers for prices, pre-folded
/// bytes for titles), filters by the search keys, sections by the shop's number. Each gives the same answer as
/// ``ItemOrder/orderedIndices(_:)`` and ``ItemGroup/groups(of:by:order:)`` over ``ShopItem``s, which stay the
/// reference the tests compare with.
extension ItemColumns {
  /// Item indices in `order`; ties keep the catalogue's order.
  func indices(in order: ItemOrder) -> [Int32] {
    switch order {
    case .dataset: Array(0..<Int32(count))
    case .priceAscending: priceOrder(descending: false)
    case .priceDescending: priceOrder(descending: true)
    case .title: titleOrder()
    }
  }

  /// The indices of `order` whose items match `query`, in that order.
  func filter(_ order: [Int32], by query: ItemQuery) -> [Int32] {
    if query.isEmpty { return order }
    var isMatch = [Bool](repeating: false, count: count)
    for index in matchingIndices(query)! { isMatch[index] = true }
    return order.filter { isMatch[Int($0)] }
  }

  /// `order` grouped by `field`'s value: groups in the order of their first item, the items without a value last
  /// as "(no field)", the order kept inside each.
  func grouped(
    _ order: [Int32], by field: ItemField
  ) -> (order: [Int32], groups: [(name: String, start: Int, count: Int)]) {
    // Each item's group, numbered by first appearance in `order`; -1 for no value.
    var groupOfItem = [Int32](repeating: -1, count: order.count)
    var firstItems: [Int32] = []
    if field == .shop {
      var groupOfShop = [Int32](repeating: -1, count: shopCount)
      for (position, index) in order.enumerated() {
        let shop = shopNumbers[Int(index)]
        guard shop != Self.noShop else { continue }
        if groupOfShop[Int(shop)] < 0 {
          groupOfShop[Int(shop)] = Int32(firstItems.count)
          firstItems.append(index)
        }
        groupOfItem[position] = groupOfShop[Int(shop)]
      }
    } else {
      var groupOfValue: [String: Int32] = [:]
      for (position, index) in order.enumerated() {
        guard let value = value(of: field, at: Int(index)) else { continue }
        if let group = groupOfValue[value] {
          groupOfItem[position] = group
        } else {
          groupOfValue[value] = Int32(firstItems.count)
          groupOfItem[position] = Int32(firstItems.count)
          firstItems.append(index)
        }
      }
    }
    // Counting placement: each group's items go to its run, in order; the items without a value last.
    var starts = [Int](repeating: 0, count: firstItems.count + 1)
    for group in groupOfItem { starts[group < 0 ? firstItems.count : Int(group)] += 1 }
    let counts = starts
    var sum = 0
    for group in starts.indices {
      (starts[group], sum) = (sum, sum + starts[group])
    }
    var grouped = [Int32](repeating: 0, count: order.count)
    var next = starts
    for (position, group) in groupOfItem.enumerated() {
      let slot = group < 0 ? firstItems.count : Int(group)
      grouped[next[slot]] = order[position]
      next[slot] += 1
    }
    var groups = firstItems.enumerated().map { group, first in
      (name: value(of: field, at: Int(first)) ?? "", start: starts[group], count: counts[group])
    }
    if counts[firstItems.count] > 0 {
      groups.append((name: "(no \(field.name))", start: starts[firstItems.count], count: counts[firstItems.count]))
    }
    return (grouped, groups)
  }

  // MARK: - Prices

  /// By the precomputed price values: one radix sort of their bits, unreadable prices last in both directions;
  /// then the rare runs of equal Doubles holding a price with more digits than a Double keeps are sorted by
  /// their exact decimal values.
  private func priceOrder(descending: Bool) -> [Int32] {
    let keys = priceValues.map { value -> UInt64 in
      if value.isNaN { return .max }
      let bits = IndexRadixSort.orderedBits(value == 0 ? 0 : value)
      return descending ? (UInt64.max - 1) - bits : bits
    }
    var order = Array(0..<Int32(count))
    var sortedKeys = keys
    IndexRadixSort.sort(&order, keys: &sortedKeys)
    guard !inexactPrices.isEmpty else { return order }
    var runStart = 0
    while runStart < order.count, sortedKeys[runStart] != .max {
      var runEnd = runStart + 1
      while runEnd < order.count && sortedKeys[runEnd] == sortedKeys[runStart] { runEnd += 1 }
      if runEnd - runStart > 1, order[runStart..<runEnd].contains(where: { inexactPrices.contains(Int($0)) }) {
        // Every price here parsed once already (its key is not .max); NaN would sort it last, never crash.
        let exact = Dictionary(
          uniqueKeysWithValues: order[runStart..<runEnd].map {
            ($0, PriceValue.parse(string(.price, of: Int($0))) ?? .nan)
          })
        order[runStart..<runEnd].sort {
          ItemOrder.precedes(exact[$0]!, $0, exact[$1]!, $1, descending: descending)
        }
      }
      runStart = runEnd
    }
    return order
  }

  // MARK: - Titles

  /// By the folded titles, made comparable byte by byte (``TitleCollation``), sorted 8 bytes at a time: a radix
  /// sort by the first 8, then each long run that ties by the next 8, and so on; short runs by comparison.
  private func titleOrder() -> [Int32] {
    let collation = TitleCollation(self)
    var order = Array(0..<Int32(count))
    var work: [(range: Range<Int>, depth: Int)] = [(0..<count, 0)]
    while let (range, depth) = work.popLast() {
      // A radix pass costs its 4 × 65,536 counters whatever the run's size: short runs sort by comparison.
      if range.count <= 4096 {
        order[range].sort { collation.precedes($0, $1, from: depth * 8) }
        continue
      }
      var slice = Array(order[range])
      var keys = slice.map { collation.chunk(of: Int($0), at: depth) }
      IndexRadixSort.sort(&slice, keys: &keys)
      order.replaceSubrange(range, with: slice)
      var runStart = 0
      while runStart < slice.count {
        var runEnd = runStart + 1
        while runEnd < slice.count && keys[runEnd] == keys[runStart] { runEnd += 1 }
        // Equal chunks: keys that end within them are equal (a key never has a 0 byte where another ends), and
        // stay in catalogue order; keys that end just at the chunk's end sort first by the next, all zeros.
        if runEnd - runStart > 1
          && slice[runStart..<runEnd].contains(where: { collation.length(of: Int($0)) > (depth + 1) * 8 })
        {
          work.append(((range.lowerBound + runStart)..<(range.lowerBound + runEnd), depth + 1))
        }
        runStart = runEnd
      }
    }
    return order
  }
}

/// Folded titles rewritten so that comparing their bytes gives ``TitleSortKey/compare(_:_:)``'s order: each run
/// of digits becomes its length without leading zeros, then those digits, so longer numbers sort after shorter ones
/// and `item 7` ties `item 007`. A length is written in digit bytes (`9` for "8 more, and more to come", then `0` to
/// `8`), so against any other byte it compares as a digit would. An empty title becomes the byte 0xFF, which UTF-8
/// never uses, so it sorts last. A key holds no 0 byte (folding removes control characters), so a key never has a 0
/// byte where another ends. The SQLite catalogue stores the same keys (``ItemKeys/titleSortKey(_:)``).
struct TitleCollation {
  private var bytes: [UInt8] = []
  private var ends: [Int] = []

  /// The collation keys of `columns`' titles.
  init(_ columns: ItemColumns) {
    ends.reserveCapacity(columns.count)
    bytes.reserveCapacity(columns.searchKeys.count)
    columns.searchKeys.withUnsafeBufferPointer { keys in
      // One title's key is built here, then appended whole.
      var scratch = [UInt8](repeating: 0, count: 64)
      for index in 0..<columns.count {
        let key = columns.searchKeyRange(of: index)
        // The title is the key's first field, spaces trimmed.
        var end = key.lowerBound
        while end < key.upperBound && keys[end] != 0 { end += 1 }
        var start = key.lowerBound
        while start < end && keys[start] == 0x20 { start += 1 }
        while end > start && keys[end - 1] == 0x20 { end -= 1 }
        if scratch.count < 2 * (end - start) + 1 { scratch = [UInt8](repeating: 0, count: 2 * (end - start) + 1) }
        let length = scratch.withUnsafeMutableBufferPointer { output in
          Self.encode(UnsafeBufferPointer(rebasing: keys[start..<end]), into: output)
        }
        scratch.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<length])) }
        ends.append(bytes.count)
      }
    }
  }

  /// Writes `title`'s key into `output` (room for 2 bytes a byte, at least 1), returning its length.
  static func encode(_ title: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
    if title.isEmpty {
      output[0] = 0xFF
      return 1
    }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    var (position, written) = (0, 0)
    while position < title.count {
      guard isDigit(title[position]) else {
        output[written] = title[position]
        (position, written) = (position + 1, written + 1)
        continue
      }
      var start = position
      while start < title.count && title[start] == 0x30 { start += 1 }
      var end = start
      while end < title.count && isDigit(title[end]) { end += 1 }
      var length = end - start
      while length > 8 {
        output[written] = 0x39
        (written, length) = (written + 1, length - 8)
      }
      output[written] = 0x30 + UInt8(length)
      written += 1
      for offset in start..<end { output[written + offset - start] = title[offset] }
      written += end - start
      position = end
    }
    return written
  }

  /// The key of one title, for a store that keeps it (``ItemKeys/titleSortKey(_:)``).
  static func key(of title: [UInt8]) -> [UInt8] {
    var key = [UInt8](repeating: 0, count: 2 * title.count + 1)
    let length = title.withUnsafeBufferPointer { title in
      key.withUnsafeMutableBufferPointer { encode(title, into: $0) }
    }
    key.removeLast(key.count - length)
    return key
  }

  private func range(of index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

  func length(of index: Int) -> Int { range(of: index).count }

  /// Bytes `8 * depth ..< 8 * depth + 8` of the key, big-endian, zero past its end.
  func chunk(of index: Int, at depth: Int) -> UInt64 {
    let key = range(of: index)
    var position = key.lowerBound + 8 * depth
    if position + 8 <= key.upperBound {
      return bytes.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self)) }
    }
    var value: UInt64 = 0
    for _ in 0..<8 {
      value = value << 8 | UInt64(position < key.upperBound ? bytes[position] : 0)
      position += 1
    }
    return value
  }

  /// Whether item `left` sorts before item `right`, their keys being equal before `offset`.
  func precedes(_ left: Int32, _ right: Int32, from offset: Int) -> Bool {
    let (a, b) = (range(of: Int(left)), range(of: Int(right)))
    var (i, j) = (a.lowerBound + offset, b.lowerBound + offset)
    while i < a.upperBound && j < b.upperBound {
      if bytes[i] != bytes[j] { return bytes[i] < bytes[j] }
      (i, j) = (i + 1, j + 1)
    }
    let (leftEnded, rightEnded) = (i >= a.upperBound, j >= b.upperBound)
    if leftEnded != rightEnded { return leftEnded }
    return left < right
  }
}
