/// A field items can be grouped by (`--group-by shop`): one of the named fields or any extra field's key.
public enum ItemField: Hashable, Sendable {
  case shop, price, title
  case extra(String)

  /// The field's name as typed and as shown in the "(no …)" group.
  public var name: String {
    switch self {
    case .shop: "shop"
    case .price: "price"
    case .title: "title"
    case .extra(let key): key
    }
  }

  /// The field called `name` among those `items` have: an exact name first, else the only one that matches
  /// ignoring case.
  public static func named(_ name: String, in items: [ShopItem]) throws(CatalogueQueryError) -> ItemField {
    try named(name, among: available(in: items))
  }

  /// The field called `name` among `fields` (``ItemCatalogue/availableFields``, say), by the same rule.
  public static func named(_ name: String, among fields: [ItemField]) throws(CatalogueQueryError) -> ItemField {
    if let field = fields.first(where: { $0.name == name }) { return field }
    let folded = fields.filter { $0.name.lowercased() == name.lowercased() }
    if folded.count == 1 { return folded[0] }
    throw .unknownField(name, available: fields.map(\.name))
  }

  /// Shop, price, title, then every extra field key any item has, sorted.
  public static func available(in items: [ShopItem]) -> [ItemField] {
    var keys = Set<String>()
    for item in items { for field in item.extraFields { keys.insert(field.key) } }
    return [.shop, .price, .title] + keys.sorted().map { .extra($0) }
  }

  /// The item's value for this field as stored; nil when it is missing or only whitespace.
  public func value(of item: ShopItem) -> String? {
    let value: String? =
      switch self {
      case .shop: item.shop
      case .price: item.price
      case .title: item.title
      case .extra(let key): item.extraFields.first { $0.key == key }?.value
      }
    guard let value, value.contains(where: { !$0.isWhitespace }) else { return nil }
    return value
  }
}
