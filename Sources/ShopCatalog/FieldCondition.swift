import Foundation

/// One condition of the filter language on a field (docs/guide.md, "The filter language"): `shop:alpha` (the
/// value holds the text, folded as a search folds), `shop="Alpha Atelier"` (the whole value is it, folded),
/// `price<200`, `price>=100`, `price=99`, `sold:0`, `price:100..300`, `price:100..<200` (the value read as a
/// number, by the rules a price is read by), each turned round by a leading `-`. A value may name several
/// alternatives, any of which meets it: `shop="Alpha Atelier"|"Gamma Goods"`, `price:..<100|500..`.
public struct FieldCondition: Sendable, Hashable {
  public enum Test: Sendable, Hashable {
    /// The field's value holds this text, folded (UTF-8).
    case holds([UInt8])
    /// The field's whole value, folded, is this text (UTF-8): a facet's value chosen.
    case equals([UInt8])
    /// The field's value, read as a number (``PriceValue``), lies in the range.
    case number(NumberRange)
  }

  /// One value of the condition's: what it tests and the value as typed (`Alpha` of `shop:Alpha`), for a server
  /// that folds nothing itself.
  public struct Alternative: Sendable, Hashable {
    public let test: Test
    public let typedValue: String

    /// The folded text a `holds` or `equals` test compares, as a string (for SQL).
    public var foldedText: String? {
      switch test {
      case .holds(let bytes), .equals(let bytes): String(decoding: bytes, as: UTF8.self)
      case .number: nil
      }
    }

    /// Whether a field whose value is `value` (nil: missing) meets it.
    func isMet(byValue value: String?, folding: inout SearchFolding) -> Bool {
      guard let value else { return false }
      switch test {
      case .holds(let text): return ItemQuery.firstOccurrence(of: text, in: folding.fold(value)[...]) != nil
      case .equals(let text): return folding.fold(value) == text
      case .number(let range): return PriceValue.number(value).map(range.contains) ?? false
      }
    }
  }

  /// The field's name: `shop`, `price` and `title` (or `name`) in any case are the item's own; any other is an
  /// extra field's key, as the catalogue spells it.
  public let name: String
  /// Any of them meets the condition; never empty.
  public let alternatives: [Alternative]
  /// `-price<200`: the items the condition leaves out, an item without the field among them.
  public let isNegated: Bool
  /// The field the name stands for, worked out once: conditions are met item by item.
  public let field: ItemField

  init(name: String, alternatives: [Alternative], isNegated: Bool) {
    (self.name, self.alternatives, self.isNegated) = (name, alternatives, isNegated)
    field =
      switch name.lowercased() {
      case "shop": .shop
      case "price": .price
      case "title", "name": .title
      default: .extra(name)
      }
  }

  /// Whether a field whose value is `value` (nil: missing) meets the condition, negation included.
  func isMet(byValue value: String?, folding: inout SearchFolding) -> Bool {
    alternatives.contains { $0.isMet(byValue: value, folding: &folding) } != isNegated
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

  /// As a shopper reads it: `under 200`, `100 to 300`, `4 or more`, `99`.
  public var words: String {
    func text(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
    switch (lower, upper) {
    case (let lower?, let upper?) where lower == upper: return text(lower)
    case (let lower?, let upper?): return "\(text(lower)) to \(includesUpper ? "" : "under ")\(text(upper))"
    case (nil, let upper?): return includesUpper ? "\(text(upper)) or less" : "under \(text(upper))"
    case (let lower?, nil): return includesLower ? "\(text(lower)) or more" : "over \(text(lower))"
    case (nil, nil): return "any number"
    }
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
