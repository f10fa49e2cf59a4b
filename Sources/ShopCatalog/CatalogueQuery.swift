/// What a viewer asks a catalogue source for: the order, the filter and the grouping of the whole catalogue.
/// The source answers it in pages (``CatalogueSource/fetch(_:)``), the way a shop's server answers "page 3 of
/// the products under ¥200, cheapest first".
public struct CatalogueQuery: Hashable, Sendable {
  public var order: ItemOrder
  /// Only matching items are in the result; `nil` or empty: all of them.
  public var filter: ItemQuery?
  /// Items of one value of this field come together, groups in the order of their first item.
  public var grouping: ItemField?

  public init(order: ItemOrder = .dataset, filter: ItemQuery? = nil, grouping: ItemField? = nil) {
    self.order = order
    self.filter = filter?.isEmpty == true ? nil : filter
    self.grouping = grouping
  }

  /// The catalogue as read, page by page: answerable before the whole catalogue is read.
  public var isReadingOrder: Bool { order == .dataset && filter == nil && grouping == nil }
}
