import ShopCatalog

/// Which of the loaded items the waterfall shows, in which order: the sort, the filter, and the resulting map
/// from the engine's item index (the layout's) to the store's. Without sort or filter it is the identity.
public struct Presentation: Sendable {
  public var sort: ItemOrder = .dataset
  /// Only matching items are laid out; `nil` or empty: all of them.
  public var filter: ItemQuery?
  /// Items are grouped into sections by this field when set.
  public var grouping: ItemField?
  /// The sections, when grouped: each group's name and its items' store indices, in order.
  public private(set) var groups: [ItemGroup] = []
  /// Layout index → store index.
  public private(set) var order: [Int] = []
  /// Store index → layout index, for the items shown.
  private var positions: [Int: Int] = [:]

  public init(sort: ItemOrder = .dataset, filter: ItemQuery? = nil, grouping: ItemField? = nil) {
    self.sort = sort
    self.filter = filter
    self.grouping = grouping
  }

  public var count: Int { order.count }

  var isIdentity: Bool { sort == .dataset && (filter?.isEmpty ?? true) && grouping == nil }

  /// Sections for the engine: one per group, or one for everything.
  public var sectionCount: Int { grouping == nil ? 1 : max(1, groups.count) }

  public func itemCount(inSection section: Int) -> Int {
    guard grouping != nil else { return order.count }
    return section < groups.count ? groups[section].count : 0
  }

  /// The layout index of store item `storeIndex`, if it is shown.
  public func layoutIndex(ofStoreIndex storeIndex: Int) -> Int? {
    isIdentity ? (storeIndex < order.count ? storeIndex : nil) : positions[storeIndex]
  }

  /// Orders and filters all of `items` afresh.
  mutating func rebuild(_ items: [ShopItem], search: SearchIndex) {
    var order = sort == .dataset ? Array(items.indices) : sort.orderedIndices(items)
    if let filter, !filter.isEmpty { order = search.filter(order, by: filter) }
    if let grouping {
      groups = ItemGroup.groups(of: items, by: grouping, order: order)
      order = groups.flatMap(\.indices)
    } else {
      groups = []
    }
    set(order)
  }

  /// Takes in items appended to the store at `range`. Returns `false`, changing nothing, when they cannot simply
  /// go at the end (a sort other than the dataset's: the whole order must be rebuilt).
  mutating func append(_ range: Range<Int>, search: SearchIndex) -> Bool {
    guard sort == .dataset, grouping == nil else { return false }
    var added = Array(range)
    if let filter, !filter.isEmpty { added = search.filter(added, by: filter) }
    set(order + added)
    return true
  }

  private mutating func set(_ order: [Int]) {
    self.order = order
    positions = isIdentity ? [:] : Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
  }
}
