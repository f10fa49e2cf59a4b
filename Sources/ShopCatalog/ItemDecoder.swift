import Foundation

/// Turns one record (field name → value) into a ``ShopItem``, or into the problems that make it unusable.
///
/// Field names: `w` / `width`, `h` / `height`, `price`, `img` / `image` / `url`, `title` / `name`, `shop`;
/// anything else is kept as an extra field. Numbers may be integers, reals or numeric strings.
enum ItemDecoder {
  /// Image sides (`w` and `h` alike) are pixels between these two; anything outside is taken for a mistake.
  static let minimumSide = 1.0
  static let maximumSide = 100_000.0
  static let sideRange = minimumSide...maximumSide

  static let widthKeys = ["w", "width"]
  static let heightKeys = ["h", "height"]
  static let imageKeys = ["img", "image", "url"]
  static let titleKeys = ["title", "name"]
  static let priceKey = "price"
  static let shopKey = "shop"

  static let knownKeys = Set(widthKeys + heightKeys + imageKeys + titleKeys + [priceKey, shopKey])

  /// How many of the record's fields the schema names (cheaper than filtering when there are no extras).
  private static func recognisedCount(_ record: [String: DatasetValue]) -> Int {
    knownKeys.reduce(0) { $0 + (record[$1] == nil ? 0 : 1) }
  }

  enum Outcome {
    case item(ShopItem)
    case unusable([DatasetProblem])
  }

  static func decode(_ record: [String: DatasetValue], file: String, item: Int) -> Outcome {
    var problems: [DatasetProblem] = []
    func problem(_ field: String, _ message: String) {
      problems.append(DatasetProblem(file: file, item: item, field: field, message: message))
    }

    let width = side(record, widthKeys, report: problem)
    let height = side(record, heightKeys, report: problem)
    var price = ""
    switch record[priceKey] {
    case .string(let text)?: price = text
    case .integer(let number)?: price = String(number)
    case .real(let number)? where number.isFinite: price = DatasetValue.format(number)
    case .real?: problem(priceKey, "not a finite number")
    case nil: problem(priceKey, "missing")
    case let other?: problem(priceKey, "must be a string or a number, not \(other.kindDescription)")
    }
    let image = text(record, imageKeys, report: problem)
    let title = text(record, titleKeys, report: problem)
    let shop = text(record, [shopKey], report: problem)

    guard problems.isEmpty, let width, let height else { return .unusable(problems) }
    let extras =
      record.count > recognisedCount(record)
      ? record.filter { !knownKeys.contains($0.key) }.sorted { $0.key < $1.key }
        .map { ExtraField(key: $0.key, value: $0.value.displayText) } : []
    return .item(
      ShopItem(
        width: width, height: height, imageURL: image, price: price, title: title, shop: shop, extraFields: extras))
  }

  /// The first of `keys` present, with the name the record used.
  private static func lookup(_ record: [String: DatasetValue], _ keys: [String]) -> (String, DatasetValue)? {
    for key in keys {
      if let value = record[key] { return (key, value) }
    }
    return nil
  }

  private static func side(
    _ record: [String: DatasetValue], _ keys: [String], report: (String, String) -> Void
  ) -> Double? {
    guard let (key, value) = lookup(record, keys) else {
      report(keys[0], "missing")
      return nil
    }
    let number: Double
    // The value as the data wrote it, for the message: an integer too large for a side stays an integer.
    var written: String?
    switch value {
    case .integer(let integer):
      number = Double(integer)
      written = String(integer)
    case .real(let real): number = real
    case .string(let text):
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      guard let parsed = Double(trimmed) else {
        report(key, "not a number: \"\(text.prefix(40))\"")
        return nil
      }
      number = parsed
      written = String(trimmed.prefix(40))
    default:
      report(key, "must be a number, not \(value.kindDescription)")
      return nil
    }
    guard number.isFinite else {
      report(key, number.isNaN ? "not a number (NaN)" : "infinite")
      return nil
    }
    // One rule for both sides, at both ends: a side of 1e-9 makes as absurd a shape as one of 1e9.
    guard sideRange.contains(number) else {
      report(
        key,
        "must be between \(Int(minimumSide)) and \(Int(maximumSide)) pixels, not \(written ?? DatasetValue.format(number))"
      )
      return nil
    }
    return number
  }

  private static func text(
    _ record: [String: DatasetValue], _ keys: [String], report: (String, String) -> Void
  ) -> String {
    guard let (key, value) = lookup(record, keys) else { return "" }
    switch value {
    case .string(let text): return text
    case .integer, .real, .bool: return value.displayText
    case .null: return ""
    default:
      report(key, "must be text, not \(value.kindDescription)")
      return ""
    }
  }
}
