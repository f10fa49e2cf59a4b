/// The tables `waterfall import` writes on the server, mirroring the SQLite catalogue's (`CatalogueSchema`): what
/// the viewer shows and, beside it, what it queries, computed once by the catalogue's own rules (the price's value
/// in both orders, +∞ when unreadable so it goes last; the folded title's sort key; the folded search text), and
/// each field's section value (NULL when blank, as the in-memory catalogue groups).
enum PostgresSchema {
  static let formatVersion = "1"
  static let metadataTable = "waterfall_catalogue"
  static let itemsTable = "items"

  /// Dropped by `--replace` (the triggers go with the table; its function is made again over the old one).
  static let dropTables = "DROP TABLE IF EXISTS items, waterfall_catalogue, waterfall_shapes"

  static let createTables = [
    "CREATE TABLE waterfall_catalogue(key text PRIMARY KEY, value text NOT NULL)",
    """
    CREATE TABLE items(
      id bigint NOT NULL,
      w double precision NOT NULL,
      h double precision NOT NULL,
      img text NOT NULL,
      price text NOT NULL,
      title text NOT NULL,
      shop text NOT NULL,
      extra text,
      price_up double precision NOT NULL,
      price_down double precision NOT NULL,
      title_key bytea NOT NULL,
      search text NOT NULL,
      shop_group text,
      price_group text,
      title_group text,
      extra_group jsonb
    )
    """,
  ]

  /// The columns COPY fills, in its order.
  static let copiedColumns = [
    "id", "w", "h", "img", "price", "title", "shop", "extra", "price_up", "price_down", "title_key", "search",
    "shop_group", "price_group", "title_group", "extra_group",
  ]

  /// Made after the rows are in (one sort each, not a b-tree kept up row by row). Each ends in the id, so
  /// `(key, id) > ($1, $2)` pages through it by keyset.
  static let createIndexes = [
    "ALTER TABLE items ADD PRIMARY KEY (id)",
    "CREATE INDEX items_by_price_up ON items(price_up, id)",
    "CREATE INDEX items_by_price_down ON items(price_down, id)",
    "CREATE INDEX items_by_title ON items(title_key, id)",
    "CREATE INDEX items_by_shop ON items(shop_group, id)",
  ]

  /// Search by trigrams where the server has pg_trgm (a trusted extension: a database owner may create it).
  static let createSearchIndex = "CREATE INDEX items_search ON items USING gin (search gin_trgm_ops)"

  /// The channel the trigger below notifies, named for the table, and the trigger's name.
  static let addedRowsChannel = "items_added"

  /// Made after the rows are in, so the import's own COPY announces nothing: a statement-level trigger (one
  /// notification for a many-row INSERT or a COPY, its payload the rows' count) that tells viewers open on the
  /// catalogue, which LISTEN, that another client added rows. NOTIFY is sent at commit, never for a rollback.
  static let createTrigger = [
    """
    CREATE OR REPLACE FUNCTION waterfall_items_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('\(addedRowsChannel)', (SELECT count(*) FROM added)::text);
      RETURN NULL;
    END
    $$
    """,
    """
    CREATE TRIGGER \(addedRowsChannel) AFTER INSERT ON items REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION waterfall_items_added()
    """,
  ]

  /// Whether the catalogue's table has that trigger (a table not made by this import has not): a viewer without it
  /// polls.
  static let hasTrigger = """
    SELECT EXISTS (
      SELECT FROM pg_trigger WHERE tgrelid = to_regclass('items') AND tgname = '\(addedRowsChannel)' AND tgenabled <> 'D')
    """

  enum Key {
    static let format = "format"
    static let itemCount = "item_count"
    static let extraKeys = "extra_keys"
  }
}
