import Foundation

/// One number inside a price text: its digit groups and the separators between them (`PriceValue`'s rules).
struct NumberRun {
  /// The kinds of separator: `.` and `,` may be a decimal point; the others only group thousands.
  enum Separator: Equatable {
    case point, comma, apostrophe, space
  }

  var start: Int
  /// One past the last scalar of the run.
  var end: Int
  /// Digit groups as ASCII digits; `separators[i]` stands between `groups[i]` and `groups[i + 1]`.
  var groups: [[UInt8]]
  var separators: [Separator]

  /// Reads digits and separators from `start` (a digit); a separator belongs to the run only when a digit follows.
  static func read(_ scalars: [Unicode.Scalar], from start: Int) -> NumberRun {
    var run = NumberRun(start: start, end: start, groups: [[]], separators: [])
    var position = start
    while position < scalars.count {
      if let digit = PriceValue.digitValue(scalars[position]) {
        run.groups[run.groups.count - 1].append(0x30 + digit)
        position += 1
      } else if let separator = separator(scalars[position]), position + 1 < scalars.count,
        PriceValue.digitValue(scalars[position + 1]) != nil
      {
        run.separators.append(separator)
        run.groups.append([])
        position += 1
      } else {
        break
      }
    }
    run.end = position
    return run
  }

  static func separator(_ scalar: Unicode.Scalar) -> Separator? {
    switch scalar {
    case ".", "\u{FF0E}": .point
    case ",", "\u{FF0C}": .comma
    case "'", "\u{2019}": .apostrophe
    case "\u{00A0}", "\u{2009}", "\u{202F}": .space
    default: nil
    }
  }

  /// The run's value, or nil when its separators break the rules.
  func value() -> Decimal? {
    guard groups.reduce(0, { $0 + $1.count }) <= 30 else { return nil }
    let decimalIndex = decimalSeparatorIndex()
    let grouping = decimalIndex.map { Array(separators[..<$0]) } ?? separators
    let integerGroups = Array(groups[...grouping.count])
    if let kind = grouping.first {
      guard grouping.allSatisfy({ $0 == kind }), Self.isValidGrouping(integerGroups) else { return nil }
    }
    var digits = Array(integerGroups.joined())
    let fraction = decimalIndex == nil ? [] : groups[groups.count - 1]
    digits.append(contentsOf: fraction)
    // Up to 18 digits fit a UInt64: much cheaper than Decimal(string:), which sorting 100,000 prices feels.
    if digits.count <= 18 {
      let significand = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
      return Decimal(sign: .plus, exponent: -fraction.count, significand: Decimal(significand))
    }
    var text = Array(integerGroups.joined())
    if !fraction.isEmpty { text += [0x2E] + fraction }
    return Decimal(string: String(decoding: text, as: UTF8.self))
  }

  /// The index in `separators` of the decimal point, if there is one.
  private func decimalSeparatorIndex() -> Int? {
    guard let last = separators.last, last == .point || last == .comma,
      separators.filter({ $0 == last }).count == 1
    else { return nil }
    if separators.count > 1 { return separators.count - 1 }
    let before = groups[0]
    let looksLikeThousands = groups[1].count == 3 && before.count <= 3 && before.first != 0x30
    return looksLikeThousands ? nil : 0
  }

  /// 1–3 digits not starting with 0, then groups of 3, or Indian groups of 2 ending in a group of 3.
  private static func isValidGrouping(_ groups: [[UInt8]]) -> Bool {
    guard let first = groups.first, (1...3).contains(first.count), first.first != 0x30 else { return false }
    let rest = groups.dropFirst()
    if rest.allSatisfy({ $0.count == 3 }) { return true }
    return first.count <= 2 && rest.last?.count == 3 && rest.dropLast().allSatisfy { $0.count == 2 }
  }
}
