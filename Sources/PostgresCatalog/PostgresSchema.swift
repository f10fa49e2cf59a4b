/// The tables `waterfall import` writes on the server, mirroring the SQLite catalogue's (`CatalogueSchema`): what
/// the viewer shows and, beside it, what it queries, computed once by the catalogue's own rules (the price's value
/// in both orders, +∞ when unreadable so it goes last; the folded title's sort key; the folded search text), and
/// each field's section value (NULL when blank, as the in-memory catalogue groups).
///
/// They live in a schema of their own (``defaultSchema`` unless `--schema` names another), which every session sets
/// as its whole `search_path` (``PostgresAddress/schema``): the shop's own tables beside it, an `items` of its own
/// among them, are never read, refused or dropped as the catalogue's.
public enum PostgresSchema {
  static let formatVersion = "1"
  static let metadataTable = "waterfall_catalogue"
  static let itemsTable = "items"
  /// The schema the catalogue lives in when `--schema` names none.
  public static let defaultSchema = "waterfall"

  /// Every table an import makes, each dropped by `--replace` only when the schema's ``metadataTable`` says an
  /// import made them (the triggers go with the table; its function is made again over the old one).
  static let madeTables = [
    itemsTable, metadataTable, "waterfall_shapes", PostgresRowKeys.foldingTable, PostgresRowKeys.classesTable,
  ]
  static let dropTables = "DROP TABLE IF EXISTS " + madeTables.joined(separator: ", ")

  /// The format an import wrote in the schema's metadata table, or NULL: a table of that name that is not a
  /// catalogue's (no such columns) fails, which the import takes for "not ours".
  static let writtenFormat = "SELECT value FROM waterfall_catalogue WHERE key = '\(Key.format)'"

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
  static func createSearchIndex(operatorSchema: String) -> String {
    "CREATE INDEX items_search ON items USING gin (search \(operatorSchema).gin_trgm_ops)"
  }

  /// The channel the trigger below notifies, named for the table, and the trigger's name.
  static let addedRowsChannel = "items_added"

  /// Made after the rows are in, so the import's own COPY announces nothing: a statement-level trigger (one
  /// notification for a many-row INSERT or a COPY, its payload the rows' count) that tells viewers open on the
  /// catalogue, which LISTEN, that another client added rows. NOTIFY is sent at commit, never for a rollback. Its
  /// function keeps the import's search_path (the catalogue's schema), as ``PostgresShapes/createTrigger``'s does.
  static let createTrigger = [
    """
    CREATE OR REPLACE FUNCTION waterfall_items_added() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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

  /// `statements`, the last making trigger `name` on `items`, run only where `items` lacks that trigger: altering
  /// `items` or adding a trigger to it waits for every reader's statement and holds each reader after it, which an
  /// append to a catalogue that has them must not do.
  static func whereItemsLacks(trigger name: String, _ statements: String) -> String {
    """
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_trigger WHERE tgrelid = 'items'::regclass AND tgname = '\(name)') THEN
        \(statements)
      END IF;
    END $$
    """
  }

  /// Whether a schema is there, and whether the session's role may use it.
  enum Standing: String {
    case missing, barred, usable
  }

  /// `name`'s standing: a schema the role may not use is left off its search path, so its tables read as missing.
  static func standing(of name: String, in session: PostgresSession) throws -> Standing {
    let row = try session.rows(
      """
      SELECT CASE WHEN n IS NULL THEN 'missing' WHEN has_schema_privilege(n, 'USAGE') THEN 'usable' ELSE 'barred' END
      FROM (SELECT to_regnamespace(quote_ident(\(name)))::oid AS n) AS s
      """
    ).first
    return try row.flatMap { Standing(rawValue: try $0.decode(String.self)) } ?? .missing
  }

  enum Key {
    static let format = "format"
    static let itemCount = "item_count"
    /// The newest id when `item_count` was counted (rows added later have larger ids); without it, `item_count`
    /// itself, as an import numbers its rows 1, 2, ….
    static let countedThrough = "counted_through"
    static let extraKeys = "extra_keys"
  }
}
