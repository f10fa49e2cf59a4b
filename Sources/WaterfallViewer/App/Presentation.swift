import ShopCatalog

/// The query the waterfall shows: sort, filter and grouping, answered by the source over the whole catalogue
/// (the store holds its result as far as it is loaded).
public struct Presentation: Sendable {
  public internal(set) var query: CatalogueQuery

  public init(query: CatalogueQuery = CatalogueQuery()) { self.query = query }

  public var sort: ItemOrder { query.order }
  public var filter: ItemQuery? { query.filter }
  public var grouping: ItemField? { query.grouping }
}
