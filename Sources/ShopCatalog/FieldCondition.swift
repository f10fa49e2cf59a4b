import Foundation

/// One condition of the filter language on a field (docs/guide.md, "The filter language"): `shop:alpha` (the
/// value holds the text, folded as a search folds), `price<200`, `price>=100`, `price=99`, `sold:0`,
/// `price:100..300` (the value read as a number, by the rules a price is read by), each turned round by a leading
/// `-`.
public struct FieldCondition: Sendable, Hashable {
  public enum Test: Sendable, Hashable {
    /// The field's value holds this text, folded (UTF-8).
    case holds([UInt8])
    /// The field's value, read as a number (``PriceValue``), lies in the range.
    case number(NumberRange)
  }

  /// The field's name: `shop`, `price` and `title` (or `name`) in any case are the item's own; any other is an
  /// extra field's key, as the catalogue spells it.
  public let name: String
  public let test: Test
  /// `-price<200`: the items the condition leaves out, an item without the field among them.
  public let isNegated: Bool
  /// The value as typed (`Alpha` of `shop:Alpha`), for a server that folds nothing itself.
  public let typedValue: String
  /// The field the name stands for, worked out once: conditions are met item by item.
  public let field: ItemField

  init(name: String, test: Test, isNegated: Bool, typedValue: String) {
    (self.name, self.test, self.isNegated, self.typedValue) = (name, test, isNegated, typedValue)
    field =
      switch name.lowercased() {
      case "shop": .shop
      case "price": .price
      case "title", "name": .title
      default: .extra(name)
      }
  }

  /// The text after `holds`, as a string (for SQL).
  public var heldText: String? {
    if case .holds(let bytes) = test { return String(decoding: bytes, as: UTF8.self) }
    return nil
  }

  /// Whether a field whose value is `value` (nil: missing) meets the condition, negation included.
  func isMet(byValue value: String?, folding: inout SearchFolding) -> Bool {
    let met: Bool
    switch test {
    case .holds(let text):
      met = value.map { ItemQuery.firstOccurrence(of: text, in: folding.fold($0)[...]) != nil } ?? false
    case .number(let range):
      met = value.flatMap(PriceValue.number).map(range.contains) ?? false
    }
    return met != isNegated
  }

  /// Whether `item` meets it (a blank value is none).
  func isMet(by item: ShopItem, folding: inout SearchFolding) -> Bool {
    isMet(byValue: field.value(of: item), folding: &folding)
  }
}

/// Numbers from `lower` to `upper`, either end open (nil) and each included or not: `price<200` is below 200,
/// `price:100..300` from 100 to 300 inclusive.
public struct NumberRange: Sendable, Hashable {
  public var lower: Double?
  public var includesLower = true
  public var upper: Double?
  public var includesUpper = true

  public init(lower: Double? = nil, includesLower: Bool = true, upper: Double? = nil, includesUpper: Bool = true) {
    (self.lower, self.includesLower, self.upper, self.includesUpper) = (lower, includesLower, upper, includesUpper)
  }

  public func contains(_ value: Double) -> Bool {
    guard !value.isNaN else { return false }
    if let lower, includesLower ? value < lower : value <= lower { return false }
    if let upper, includesUpper ? value > upper : value >= upper { return false }
    return true
  }
}

extension PriceValue {
  /// The text read as a price is read, as a Double; nil when unreadable.
  public static func number(_ text: String) -> Double? {
    parse(text).map { NSDecimalNumber(decimal: $0).doubleValue }
  }
}
