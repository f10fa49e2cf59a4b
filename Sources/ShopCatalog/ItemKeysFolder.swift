/// ``ItemKeys``' search text and title sort key for item after item (an import): one folding's memo of the
/// scalars outside ASCII and CJK (`¥`, `é`, fullwidth letters) is kept from one item to the next, where each of
/// ``ItemKeys``' own calls starts afresh and decomposes them again (a quarter of an import's time, profiled).
public struct ItemKeysFolder {
  private var folding = SearchFolding()

  public init() {}

  /// ``ItemKeys/searchText(of:)``'s text as UTF-8 bytes.
  public mutating func searchText(of item: ShopItem) -> [UInt8] {
    ItemKeys.searchBytes(of: [item.title, item.shop, item.price] + item.extraFields.map(\.value), folding: &folding)
  }

  /// ``ItemKeys/titleSortKey(_:)``.
  public mutating func titleSortKey(_ title: String) -> [UInt8] {
    TitleCollation.key(of: TitleSortKey(title, folding: &folding).bytes)
  }
}
