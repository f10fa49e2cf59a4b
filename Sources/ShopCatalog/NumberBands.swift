import Foundation

/// A field whose values are numbers (a price, a rating, a count of sold items), divided into bands chosen from its
/// distribution, as a histogram: about equal shares of the items, each edge a round number (`..<100`, `100..<250`,
/// `250..`).
public struct NumberBands: Sendable, Hashable {
  public struct Band: Sendable, Hashable {
    /// From the lower edge (included) to below the upper one; the first open below, the last open above.
    public var range: NumberRange
    public var count: Int

    /// The band as the filter language writes it after `price=`: `..<100`, `100..<250`, `250..`.
    public var filterText: String {
      (range.lower.map(NumberBands.text) ?? "") + ".." + (range.upper.map { "<" + NumberBands.text($0) } ?? "")
    }
  }

  public var bands: [Band]
  /// Items whose value is text, not a number (`price on request`).
  public var unreadable: Int
  /// Each number and how many items hold it, ascending.
  private var numbers: [(value: Double, count: Int)]

  public static func == (left: NumberBands, right: NumberBands) -> Bool {
    left.bands == right.bands && left.unreadable == right.unreadable
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(bands) }

  /// How many items' numbers lie in `range`: a band chosen before, which the bands drawn now may not hold.
  public func count(in range: NumberRange) -> Int {
    numbers.filter { range.contains($0.value) }.reduce(0) { $0 + $1.count }
  }

  /// The bands of `counts`, at most `maximumBands`; nil when the field is not one of numbers (fewer than four in
  /// five of the items with a value have a number and no letter) or has so few numbers that each can be listed.
  public init?(_ counts: FacetCounts, maximumBands: Int = 6, listedUpTo: Int = 8) {
    var numbers: [(value: Double, count: Int)] = []
    var unreadable = 0
    for value in counts.values {
      // A number with its currency (`¥1,299`, `12.50 €`), not text that holds one (`shop 5`, `size 38`).
      if !value.value.contains(where: \.isLetter), let number = PriceValue.number(value.value), number.isFinite {
        numbers.append((number, value.count))
      } else {
        unreadable += value.count
      }
    }
    let numbered = numbers.reduce(0) { $0 + $1.count }
    guard numbered * 5 >= (numbered + unreadable) * 4, Set(numbers.map(\.value)).count > listedUpTo else { return nil }
    numbers.sort { $0.value < $1.value }
    var edges: [Double] = []
    var seen = 0
    var next = 1
    for (value, count) in numbers {
      seen += count
      // The value at which another share of the items is passed, rounded; a band is never empty at its edge.
      while next < maximumBands, seen * maximumBands >= numbered * next {
        let edge = Self.rounded(value)
        if edge > numbers[0].value, edge > (edges.last ?? -.infinity) { edges.append(edge) }
        next += 1
      }
    }
    edges = edges.filter { $0 <= numbers[numbers.count - 1].value }
    let ranges = (0...edges.count).map { index in
      NumberRange(
        lower: index == 0 ? nil : edges[index - 1], upper: index == edges.count ? nil : edges[index],
        includesUpper: false)
    }
    self.numbers = numbers
    self.unreadable = unreadable
    bands = []
    bands = ranges.map { Band(range: $0, count: count(in: $0)) }
  }

  /// `value` to a round number near it: two figures, the second a 0 or a 5 (137 → 150, 23.7 → 25, 0.37 → 0.4).
  static func rounded(_ value: Double) -> Double {
    guard value > 0 else { return value.rounded(.up) }
    let unit = pow(10, (log10(value)).rounded(.down)) / 2
    // Printed and read back: 8 × 0.05 is 0.4, not 0.4000000000000001.
    return Double(String(format: "%.12g", (value / unit).rounded(.up) * unit)) ?? value
  }

  /// A number as the filter language reads it: whole numbers without a point.
  static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
