/// One section of the waterfall: the items that share a field's value.
public struct ItemGroup: Hashable, Sendable {
  /// The value as stored (the app sanitises it for display), or "(no shop)" for the items without one.
  public var name: String
  /// The shared value; nil for the group of items without one.
  public var value: String?
  /// Item indices, in the order they were given.
  public var indices: [Int]

  public var count: Int { indices.count }

  public init(name: String, value: String?, indices: [Int]) {
    self.name = name
    self.value = value
    self.indices = indices
  }

  /// Groups `order` (item indices in the current order: sorted, filtered) by `field`'s value.
  ///
  /// Groups come in the order their first item appears in `order`, and keep that order inside, so sorting then
  /// grouping keeps the sort within each section. Values are compared exactly as stored. Items with no value
  /// (missing, empty or blank) form one group named "(no <field>)", always last.
  public static func groups(of items: [ShopItem], by field: ItemField, order: [Int]? = nil) -> [ItemGroup] {
    var groups: [ItemGroup] = []
    var groupOfValue: [String: Int] = [:]
    var withoutValue: [Int] = []
    for index in order ?? Array(items.indices) {
      guard let value = field.value(of: items[index]) else {
        withoutValue.append(index)
        continue
      }
      if let group = groupOfValue[value] {
        groups[group].indices.append(index)
      } else {
        groupOfValue[value] = groups.count
        groups.append(ItemGroup(name: value, value: value, indices: [index]))
      }
    }
    if !withoutValue.isEmpty { groups.append(ItemGroup(name: "(no \(field.name))", value: nil, indices: withoutValue)) }
    return groups
  }
}
