/// A dataset as read: the usable items of each file, in order, and what was wrong with the rest.
public struct Dataset: Sendable {
  /// One file of a dataset and its usable items.
  public struct File: Sendable {
    public var path: String
    public var items: [ShopItem]
  }

  public var files: [File]
  public var problems: [DatasetProblem]
  /// Items left out because a field was unusable.
  public var skippedItems: Int

  public var items: [ShopItem] { files.flatMap(\.items) }
  public var itemCount: Int { files.reduce(0) { $0 + $1.items.count } }

  /// The pages a feed serves: one per file for a directory of page files (as the originals' `1.plist`,
  /// `2.plist`, …), or `pageSize` items at a time from a single file.
  public func pages(pageSize: Int) -> [[ShopItem]] {
    if files.count > 1 { return files.map(\.items).filter { !$0.isEmpty } }
    let items = self.items
    let size = max(1, pageSize)
    return stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min(items.count, $0 + size)]) }
  }
}
