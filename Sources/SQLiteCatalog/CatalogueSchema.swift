import GRDB

/// The tables `waterfall import` writes. The `items` table keeps what the viewer shows and, beside it, what it
/// queries, computed once by the catalogue's own rules: the price's value in both orders (an unreadable price is
/// +∞ in both, so it goes last), the folded title sort key, and the folded search text in an FTS5 table.
enum CatalogueSchema {
  /// The format an import wrote in the metadata table (nil: none, or no such table: not an imported catalogue).
  static func storedFormat(in db: Database) throws -> String? {
    try String.fetchOne(db, sql: "SELECT value FROM \(metadataTable) WHERE key = ?", arguments: [Key.format])
  }

  /// Written in the `waterfall_catalogue` table; a database without it is not an imported catalogue.
  static let formatVersion = "1"
  static let metadataTable = "waterfall_catalogue"
  static let itemsTable = "items"
  static let searchTable = "items_search"

  static let createTables = """
    CREATE TABLE waterfall_catalogue(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE items(
      id INTEGER PRIMARY KEY,
      w REAL NOT NULL,
      h REAL NOT NULL,
      img TEXT NOT NULL,
      price TEXT NOT NULL,
      title TEXT NOT NULL,
      shop TEXT NOT NULL,
      extra TEXT,
      price_up REAL NOT NULL,
      price_down REAL NOT NULL,
      title_key BLOB NOT NULL
    );
    CREATE VIRTUAL TABLE items_search USING fts5(text, tokenize = 'trigram case_sensitive 1');
    """

  /// Made after the rows are in (faster than keeping them up to date row by row). Each index ends in the row id,
  /// so `(key, id) > (?, ?)` pages through it by keyset.
  static let createIndexes = """
    CREATE INDEX items_by_price_up ON items(price_up);
    CREATE INDEX items_by_price_down ON items(price_down);
    CREATE INDEX items_by_title ON items(title_key);
    CREATE INDEX items_by_shop ON items(shop);
    """

  /// The metadata keys.
  enum Key {
    static let format = "format"
    static let itemCount = "item_count"
    static let extraKeys = "extra_keys"
  }
}
