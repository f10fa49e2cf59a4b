import Foundation

/// Turns one record (field name → value) into a ``ShopItem``, or into the problems that make it unusable.
///
/// Field names (``ItemFieldNames``): `w` / `width`, `h` / `height`, `price`, `img` / `image` (the picture), `title`
/// / `name`, `shop`; `url` is the picture only without `img` or `image`, else the item's page, an extra field as
/// `link` and `href` are. Anything else is kept as an extra field. Numbers may be integers, reals or numeric
/// strings.
enum ItemDecoder {
  /// Image sides (`w` and `h` alike) are pixels between these two; anything outside is taken for a mistake.
  static let minimumSide = 1.0
  static let maximumSide = 100_000.0
  static let sideRange = minimumSide...maximumSide

  /// A record's fields sorted out in one pass by their names (``ItemFieldNames``), comparing names instead of
  /// hashing them (ten hashed look-ups per item were a fifth of reading a large file).
  private struct Fields {
    /// A field with several names, as the first of them (in ``ItemFieldNames``' order) the record has.
    struct Named {
      var rank: Int
      var key: String
      var value: DatasetValue
    }

    var width, height, picture, title: Named?
    var url, price, shop: DatasetValue?
    var extras: [(key: String, value: DatasetValue)] = []

    init(_ record: [String: DatasetValue]) {
      for (key, value) in record {
        if Self.keep(key, value, named: ItemFieldNames.width, in: &width)
          || Self.keep(key, value, named: ItemFieldNames.height, in: &height)
          || Self.keep(key, value, named: ItemFieldNames.picture, in: &picture)
          || Self.keep(key, value, named: ItemFieldNames.title, in: &title)
        {
          continue
        }
        switch key {
        case ItemFieldNames.url: url = value
        case ItemFieldNames.price: price = value
        case ItemFieldNames.shop: shop = value
        default: extras.append((key, value))
        }
      }
    }

    /// Whether `key` is one of `names`; its value is kept unless the record has a name before it in `names`.
    private static func keep(
      _ key: String, _ value: DatasetValue, named names: [String], in field: inout Named?
    ) -> Bool {
      guard let rank = names.firstIndex(of: key) else { return false }
      if field.map({ rank < $0.rank }) ?? true { field = Named(rank: rank, key: key, value: value) }
      return true
    }
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

    let fields = Fields(record)
    let width = side(fields.width, names: ItemFieldNames.width, report: problem)
    let height = side(fields.height, names: ItemFieldNames.height, report: problem)
    // No price is ordinary shop data ("price on request", sold out): kept without one, as a CSV's empty cell is,
    // shown without a price and sorted after every priced item; `check` notes it (``CheckSummary/noPriceNote``).
    var price = ""
    switch fields.price {
    case .string(let text)?: price = text
    case .integer(let number)?: price = String(number)
    case .real(let number)? where number.isFinite: price = DatasetValue.format(number)
    case .real?: problem(ItemFieldNames.price, "not a finite number")
    case nil, .null?: break
    case let other?: problem(ItemFieldNames.price, "must be a string or a number, not \(other.kindDescription)")
    }
    // `url` is the picture in the older datasets, which have no other picture field; beside one, the page.
    let urlIsPage = fields.picture != nil
    let url = fields.url.map { (key: ItemFieldNames.url, value: $0) }
    let image = text(fields.picture.map { ($0.key, $0.value) } ?? (urlIsPage ? nil : url), report: problem)
    let title = text(fields.title.map { ($0.key, $0.value) }, report: problem)
    let shop = text(fields.shop.map { (ItemFieldNames.shop, $0) }, report: problem)

    guard problems.isEmpty, let width, let height else { return .unusable(problems) }
    let page = urlIsPage ? url.map { [$0] } ?? [] : []
    let extras = (fields.extras + page).sorted { $0.key < $1.key }.map {
      ExtraField(key: $0.key, value: $0.value.displayText, isNumber: $0.value.isNumber)
    }
    return .item(
      ShopItem(
        width: width, height: height, imageURL: image, price: price, title: title, shop: shop, extraFields: extras))
  }

  /// A side's value, from the first of its `names` the record has (`field`); missing is named by the first name.
  private static func side(
    _ field: Fields.Named?, names: [String], report: (String, String) -> Void
  ) -> Double? {
    guard let key = field?.key, let value = field?.value else {
      report(names[0], "missing")
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

  /// A text field's value, with the name the record gave it; empty when the record has none.
  private static func text(_ field: (key: String, value: DatasetValue)?, report: (String, String) -> Void) -> String {
    guard let (key, value) = field else { return "" }
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
