/// An item's identity in its catalogue: its place in the order the catalogue read it. It never changes with
/// the sort, the filter or the sections, unlike a position in the layout or in the loaded query result.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// The item numbered `number` from 1, as the viewer shows it ("Item #3", `:3`).
  public init(number: Int) { rawValue = number - 1 }

  /// The item's number from 1: for a file whose records are all usable, its record's number, as `waterfall
  /// check` counts them; a SQLite catalogue's row id; a feed's order of loading.
  public var number: Int { rawValue + 1 }

  public static func < (left: ItemID, right: ItemID) -> Bool { left.rawValue < right.rawValue }

  public var description: String { "item \(number)" }
}
