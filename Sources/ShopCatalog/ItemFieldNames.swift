/// The field names the readers give a meaning to, in one place for every source (files, feeds, SQLite tables),
/// so a name means the same wherever the item comes from. Names are compared exactly (the files' own case).
public enum ItemFieldNames {
  public static let width = ["w", "width"]
  public static let height = ["h", "height"]
  /// The picture, in this order of preference.
  public static let picture = ["img", "image"]
  /// The item's page (schema.org's Product `url`, a shop API's `link`). `url` is taken for the picture instead
  /// when no ``picture`` field is there: the older datasets' meaning.
  public static let page = ["url", "link", "href"]
  public static let title = ["title", "name"]
  public static let price = "price"
  public static let shop = "shop"

  /// Every name above, as `--print` and the completions offer them.
  public static let all = picture + page + title + [price, shop] + width + height

  /// The names the item decoder reads itself (``ItemDecoder``): `link` and `href` stay extra fields.
  public static let decoded = width + height + [price] + picture + ["url"] + title + [shop]
}
