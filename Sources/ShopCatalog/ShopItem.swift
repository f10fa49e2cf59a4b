/// One item of a shop catalogue: a picture of `width` × `height` pixels, a price and a title.
/// Text fields are kept exactly as read (after invalid UTF-8 is replaced); the front end neutralises them.
public struct ShopItem: Hashable, Sendable {
  /// Image width in pixels; finite and positive.
  public var width: Double
  /// Image height in pixels; finite and positive.
  public var height: Double
  public var imageURL: String
  public var price: String
  public var title: String
  public var shop: String
  /// Fields the schema does not name, as `key: value` text, sorted by key.
  public var extraFields: [ExtraField]
  /// The dataset file the item was read from, which a relative picture path (`img`) is relative to; empty when
  /// the item was made in code.
  public var sourceFile = ""
  /// The item's record among its file's records (blank JSON lines aside), from 1; 0 when it has none (a photo,
  /// an item made in code). `--pick` prints the record itself from it (``OriginalRecords``).
  public var recordNumber = 0

  public init(
    width: Double, height: Double, imageURL: String = "", price: String, title: String = "", shop: String = "",
    extraFields: [ExtraField] = []
  ) {
    self.width = width
    self.height = height
    self.imageURL = imageURL
    self.price = price
    self.title = title
    self.shop = shop
    self.extraFields = extraFields
  }

  /// Height over width of the picture.
  public var aspectRatio: Double { height / width }
}

/// A field of an item that the schema does not name, kept for the detail view.
public struct ExtraField: Hashable, Sendable {
  public var key: String
  public var value: String
  /// The dataset wrote the value as a number (`"id": 7`): a record written back (`--pick`) keeps it a number.
  public var isNumber: Bool

  public init(key: String, value: String, isNumber: Bool = false) {
    (self.key, self.value, self.isNumber) = (key, value, isNumber)
  }

  /// The value as the dataset had it: a number when it was one, else text.
  public var datasetValue: DatasetValue {
    guard isNumber else { return .string(value) }
    return Int(value).map(DatasetValue.integer) ?? Double(value).map(DatasetValue.real) ?? .string(value)
  }
}
