/// An item's identity in its catalogue: its place in the order the catalogue read it. It never changes with
/// the sort, the filter or the sections, unlike a position in the layout or in the loaded query result.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (left: ItemID, right: ItemID) -> Bool { left.rawValue < right.rawValue }

  public var description: String { "item \(rawValue + 1)" }
}
