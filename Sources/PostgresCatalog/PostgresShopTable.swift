import PostgresNIO
import ShopCatalog

/// A shop's own table (or view) named with `--table`, answered on the server as an imported catalogue is: keyset
/// pages, counts, ranks, search and sections in SQL, nothing held beyond the pages read, and rows anyone commits
/// announced by a poll of the newest id. The table's columns, matched by the dataset's field names and their
/// aliases, are given the imported table's names in a subquery (``PostgresCatalogue/rows``), so every statement
/// is the imported catalogue's own. Each row becomes an item by the dataset rules themselves (its `to_jsonb`, read
/// as a JSON Lines line is); what the import computes with those rules is an SQL expression here, and differs
/// where SQL cannot say the rules (docs/sources.md, "A shop's own table"):
/// - price order: a number column by its value; a text column by its first number (`¥99-199` → 99, `1,299.99` →
///   1299.99), commas read as thousands;
/// - title order: the database's collation, with digit runs as numbers where an ICU collation with `kn` exists;
/// - search: every term in the lower-cased title, shop or price (`lower(…) LIKE`), accents not folded.
/// A table needs an integer `id` column for its keyset; one without is read into memory (``PostgresForeignTable``).
enum PostgresShopTable {
  /// A column and what kind of value it holds (`pg_type.typcategory`: `N` numeric, `S` string, …).
  struct Column: Equatable {
    var name: String
    var type: String
    var category: String

    var isNumber: Bool { category == "N" }
    var isInteger: Bool { ["smallint", "integer", "bigint"].contains(type) }
  }

  /// The catalogue answering `table`'s queries on the server, its session read-only; nil when the table has no
  /// integer `id` column. A missing table or required column throws, naming them.
  static func open(
    address text: String, table: String, schema: String?, pageSize: Int
  ) throws(PostgresFailure) -> PostgresCatalogue? {
    var address = try PostgresAddress.reading(text)
    address.schema = schema
    let session = try PostgresSession.connect(address, readOnly: true, answerDeadline: PostgresCatalogue.answerDeadline)
    do {
      let name = try PostgresForeignTable.relation(named: table, in: session, address: address)
      let columns = try self.columns(of: name, in: session)
      try PostgresForeignTable.refuseMissing(columns.map(\.name), table: name, address: address)
      guard columns.contains(where: { $0.name == "id" && $0.isInteger }) else {
        session.close()
        return nil
      }
      let rows = relation(name, columns: columns, titleCollation: try numericCollation(in: session))
      return PostgresCatalogue(
        session: session, rows: rows, shopTable: name, pageSize: pageSize, extraKeys: extraKeys(of: columns),
        itemCount: 0)
    } catch let failure as PostgresFailure {
      session.close()
      throw failure
    } catch {
      session.close()
      throw PostgresFailure(address: address.description, reason: PostgresSession.reason(error, address: address))
    }
  }

  /// The table's columns, in their order, with their types.
  static func columns(of table: String, in session: PostgresSession) throws -> [Column] {
    var statement = PostgresStatement(
      """
      SELECT a.attname::text, format_type(a.atttypid, NULL), t.typcategory::text
      FROM pg_attribute AS a JOIN pg_type AS t ON t.oid = a.atttypid
      WHERE a.attrelid = to_regclass(
      """)
    statement.bind(PostgresForeignTable.quoted(table))
    statement.append(") AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")
    return try session.rows(statement.query).map { row in
      let (name, type, category) = try row.decode((String, String, String).self)
      return Column(name: name, type: type, category: category)
    }
  }

  /// An ICU collation that compares digit runs as numbers (`kn`), as the file rules order titles; nil when the
  /// server has none (the database's own collation orders them then).
  static func numericCollation(in session: PostgresSession) throws -> String? {
    // The locale's column is `collcollate` before PostgreSQL 15, `colliculocale` in 15 and 16, `colllocale` after.
    try session.rows(
      """
      SELECT c.collname::text FROM pg_collation AS c
      WHERE c.collprovider = 'i' AND c.collencoding IN (-1, pg_char_to_encoding(current_setting('server_encoding')))
      AND coalesce(to_jsonb(c) ->> 'colllocale', to_jsonb(c) ->> 'colliculocale', c.collcollate)
        ~ '-kn(-true)?(-|$)'
      ORDER BY c.collname LIMIT 1
      """
    ).first?.decode(String.self)
  }

  /// The fields beside the ones the item decoder reads (`url` among them beside a picture: the item's page).
  static func extraKeys(of columns: [Column]) -> [String] {
    let names = columns.map(\.name)
    let hasPicture = !Set(names).isDisjoint(with: ItemFieldNames.picture)
    return names.filter { !ItemFieldNames.decoded.contains($0) || ($0 == ItemFieldNames.url && hasPicture) }
  }

  /// The subquery that gives `table`'s rows the imported table's columns (``PostgresSchema``'s `items`): the
  /// row's own JSON as `record`, and the sides, title, keys, search text and section values as SQL reads them.
  static func relation(_ table: String, columns: [Column], titleCollation: String?) -> String {
    let byName = Dictionary(columns.map { ($0.name, $0) }) { first, _ in first }
    func first(_ names: [String]) -> Column? { names.lazy.compactMap { byName[$0] }.first }
    let width = first(ItemFieldNames.width).map(number) ?? "'NaN'::float8"
    let height = first(ItemFieldNames.height).map(number) ?? "'NaN'::float8"
    let title = first(ItemFieldNames.title).map(text) ?? "''"
    let shop = byName[ItemFieldNames.shop].map(text) ?? "''"
    let priceColumn = byName[ItemFieldNames.price]
    let price = priceColumn.map(text) ?? "''"
    // Without a price last in both orders: +∞ lowest first, the negation of −∞ highest first.
    func up(_ missing: String) -> String {
      priceColumn.map { priceValue($0, missing: missing) } ?? "\(missing)::float8"
    }
    let collated = titleCollation.map { " COLLATE \(PostgresForeignTable.quoted($0))" } ?? ""
    let extras = extraKeys(of: columns)
    let extraObject = extras.isEmpty ? "'{}'::jsonb" : jsonObject(extras)
    func blankIsNull(_ value: String) -> String { "CASE WHEN \(value) ~ '^\\s*$' THEN NULL ELSE \(value) END" }
    return """
      (SELECT t."id" AS id, jsonb_strip_nulls(to_jsonb(t))::text AS record,
        \(width) AS w, \(height) AS h, \(title) AS title,
        \(up("'Infinity'")) AS price_up, -\(up("'-Infinity'")) AS price_down,
        \(title)\(collated) AS title_key,
        lower(concat_ws(E'\\n', \(title), \(shop), \(price))) AS search,
        \(blankIsNull(shop)) AS shop_group, \(blankIsNull(price)) AS price_group, \(blankIsNull(title)) AS title_group,
        \(extraObject) AS extra_group
      FROM \(PostgresForeignTable.quoted(table)) AS t) AS items
      """
  }

  private static func reference(_ column: Column) -> String { "t." + PostgresForeignTable.quoted(column.name) }

  private static func text(_ column: Column) -> String { "coalesce(\(reference(column))::text, '')" }

  /// A side as a double: a number column's value; a text column's when it is a plain number; else NaN, which the
  /// rules reject (the item is left out and named, as an imported catalogue's bad row is).
  private static func number(_ column: Column) -> String {
    let value = reference(column)
    guard column.isNumber else {
      let plain = "'^\\s*[+-]?([0-9]{1,30}([.][0-9]{0,30})?|[.][0-9]{1,30})([eE][+-]?[0-9]{1,2})?\\s*$'"
      return "CASE WHEN \(value)::text ~ \(plain) THEN btrim(\(value)::text)::float8 ELSE 'NaN'::float8 END"
    }
    // A numeric beyond a double's range would stop the statement: it is as unreadable as text.
    guard column.type == "numeric" else { return "coalesce(\(value)::float8, 'NaN'::float8)" }
    return "CASE WHEN abs(\(value)) < 1e300 THEN \(value)::float8 ELSE 'NaN'::float8 END"
  }

  /// The price's value, `missing` when there is none: a number column's value, a text column's first number
  /// (commas as thousands' separators). Plain, so that an index on the same expression answers the order
  /// (docs/sources.md gives it).
  private static func priceValue(_ column: Column, missing: String) -> String {
    let value = reference(column)
    guard column.isNumber else { return "coalesce(\(firstNumber(of: value)), \(missing)::float8)" }
    return "coalesce(\(value)::float8, \(missing)::float8)"
  }

  /// A text's first number (commas as thousands' separators), NULL when it has none.
  static func firstNumber(of value: String) -> String {
    "replace(substring(\(value)::text from \(firstNumberPattern)), ',', '')::float8"
  }

  /// The same of a value written by a fragment.
  static func firstNumber(of value: @escaping Fragment) -> Fragment {
    { statement in
      statement.append("replace(substring((")
      statement.append(value)
      statement.append(")::text from \(firstNumberPattern)), ',', '')::float8")
    }
  }

  private static let firstNumberPattern = "'[0-9][0-9,]{0,40}(?:[.][0-9]{1,20})?'"

  /// The extra fields' values as text, by name (`jsonb_build_object` takes 50 pairs at a time).
  private static func jsonObject(_ names: [String]) -> String {
    stride(from: 0, to: names.count, by: 50).map { start in
      let pairs = names[start..<min(names.count, start + 50)].map { name in
        "'\(name.replacingOccurrences(of: "'", with: "''"))', t.\(PostgresForeignTable.quoted(name))::text"
      }
      return "jsonb_strip_nulls(jsonb_build_object(\(pairs.joined(separator: ", "))))"
    }.joined(separator: " || ")
  }
}
