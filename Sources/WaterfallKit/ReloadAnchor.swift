/// The item whose place a reload keeps when the data changed under it (filtered or re-ordered): its index in the
/// data before the change and after it. See ``WaterfallView/reloadData(keepingPlaceOf:)``.
public struct ReloadAnchor: Hashable, Sendable {
  public var oldIndex: Int
  public var newIndex: Int

  public init(oldIndex: Int, newIndex: Int) {
    self.oldIndex = oldIndex
    self.newIndex = newIndex
  }
}
