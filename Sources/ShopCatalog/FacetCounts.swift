/// How a result divides by one field's values (the facet panel, `F`): each value and how many items of the result
/// hold it, most first (ties by the value's bytes), and how many hold none (missing or blank).
public struct FacetCounts: Sendable, Hashable {
  public struct Value: Sendable, Hashable {
    public var value: String
    public var count: Int

    public init(_ value: String, count: Int) { (self.value, self.count) = (value, count) }
  }

  public var field: ItemField
  /// The most common values, at most the limit asked for.
  public var values: [Value]
  /// Values beyond the limit, and the items that hold them.
  public var otherValues = 0
  public var otherItems = 0
  /// Items with no value.
  public var missing = 0

  public init(field: ItemField, values: [Value], otherValues: Int = 0, otherItems: Int = 0, missing: Int = 0) {
    (self.field, self.values, self.otherValues, self.otherItems, self.missing) =
      (field, values, otherValues, otherItems, missing)
  }

  /// Items counted: the result's size.
  public var total: Int { values.reduce(0) { $0 + $1.count } + otherItems + missing }

  /// The counts of values counted one by one, each value's UTF-8 bytes apart (`café` and `cafe\u{301}` are two, as
  /// a database compares them), `missing` without one; kept to `limit`.
  public init(field: ItemField, counting counts: [[UInt8]: Int], missing: Int, limit: Int) {
    let sorted = counts.map { Value(String(decoding: $0.key, as: UTF8.self), count: $0.value) }
      .sorted(by: Self.comesFirst)
    let rest = sorted.dropFirst(limit)
    self.init(
      field: field, values: Array(sorted.prefix(limit)), otherValues: rest.count,
      otherItems: rest.reduce(0) { $0 + $1.count }, missing: missing)
  }

  /// Most first; among equals, by the value's UTF-8 bytes (as SQLite's and PostgreSQL's `COLLATE "C"` order).
  public static func comesFirst(_ left: Value, _ right: Value) -> Bool {
    left.count != right.count ? left.count > right.count : left.value.utf8.lexicographicallyPrecedes(right.value.utf8)
  }
}

extension CatalogueSource {
  /// By default, every page of the result walked and its items' values counted (a feed's loaded items).
  public func facet(
    _ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation
  ) -> FacetCounts? {
    var counts: [[UInt8]: Int] = [:]
    var missing = 0
    var request = CataloguePageRequest(query: query)
    while true {
      guard !cancellation.isCancelled, case .page(let page) = fetch(request) else { return nil }
      for item in page.items {
        if let value = field.value(of: item) { counts[Array(value.utf8), default: 0] += 1 } else { missing += 1 }
      }
      guard let next = page.next, !page.loadedItemsOnly else { break }
      request = CataloguePageRequest(query: query, cursor: next, pageNumber: request.pageNumber + 1)
    }
    return FacetCounts(field: field, counting: counts, missing: missing, limit: limit)
  }
}
