/// A reusable cell, like `UICollectionViewCell`: the front end subclasses it and keeps whatever it draws from.
///
/// Cells are created by the factory registered for their reuse identifier and handed out again by
/// ``WaterfallView/dequeueReusableCell(withIdentifier:for:)`` once they have left the viewport.
open class WaterfallCell {
  /// The identifier of the pool this cell returns to.
  public let reuseIdentifier: String
  /// A number unique to this cell object, for showing reuse to a person.
  public let objectID: Int
  /// How many times this object has been handed out again after it was first created.
  public internal(set) var reuseCount = 0
  /// The item the cell shows while it is visible; `nil` while it waits in the pool.
  public internal(set) var itemIndex: Int?

  public init(reuseIdentifier: String, objectID: Int) {
    self.reuseIdentifier = reuseIdentifier
    self.objectID = objectID
  }

  /// Called when the cell goes back to the pool: drop anything tied to the item it showed.
  open func prepareForReuse() {}
}
