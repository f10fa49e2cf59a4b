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

  static let priceKey = "price"

  /// A record's fields sorted out in one pass, comparing names instead of hashing them (ten hashed look-ups per
  /// item were a fifth of reading a large file).
  private struct Fields {
    var w, width, h, height, img, image, url, title, name, price, shop: DatasetValue?
    var extras: [(key: String, value: DatasetValue)] = []

    init(_ record: [String: DatasetValue]) {
      for (key, value) in record {
        switch key {
        case "w": w = value
        case "width": width = value
        case "h": h = value
        case "height": height = value
        case "img": img = value
        case "image": image = value
        case "url": url = value
        case "title": title = value
        case "name": name = value
        case "price": price = value
        case "shop": shop = value
        default: extras.append((key, value))
        }
      }
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
    let width = side([("w", fields.w), ("width", fields.width)], report: problem)
    let height = side([("h", fields.h), ("height", fields.height)], report: problem)
    var price = ""
    switch fields.price {
    case .string(let text)?: price = text
    case .integer(let number)?: price = String(number)
    case .real(let number)? where number.isFinite: price = DatasetValue.format(number)
    case .real?: problem(priceKey, "not a finite number")
    case nil: problem(priceKey, "missing")
    case let other?: problem(priceKey, "must be a string or a number, not \(other.kindDescription)")
    }
    // `url` is the picture in the older datasets, which have no other picture field; beside one, the page.
    let urlIsPage = fields.img != nil || fields.image != nil
    let image = text(
      [("img", fields.img), ("image", fields.image)] + (urlIsPage ? [] : [("url", fields.url)]), report: problem)
    let title = text([("title", fields.title), ("name", fields.name)], report: problem)
    let shop = text([("shop", fields.shop)], report: problem)

    guard problems.isEmpty, let width, let height else { return .unusable(problems) }
    let page = urlIsPage ? fields.url.map { [(key: "url", value: $0)] } ?? [] : []
    let extras = (fields.extras + page).sorted { $0.key < $1.key }.map {
      ExtraField(key: $0.key, value: $0.value.displayText)
    }
    return .item(
      ShopItem(
        width: width, height: height, imageURL: image, price: price, title: title, shop: shop, extraFields: extras))
  }

  /// The first of the aliases present, with the name the record used.
  private static func first(_ aliases: [(String, DatasetValue?)]) -> (String, DatasetValue)? {
    for (key, value) in aliases {
      if let value { return (key, value) }
    }
    return nil
  }

  private static func side(_ aliases: [(String, DatasetValue?)], report: (String, String) -> Void) -> Double? {
    guard let (key, value) = first(aliases) else {
      report(aliases[0].0, "missing")
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

  private static func text(_ aliases: [(String, DatasetValue?)], report: (String, String) -> Void) -> String {
    guard let (key, value) = first(aliases) else { return "" }
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
