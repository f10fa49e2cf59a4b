import Foundation
import GRDB
import ShopCatalog

/// The table a SQLite catalogue reads and the SQL for each thing the viewer asks of it: an imported catalogue's
/// `items` (stored keys, an FTS5 index), or any table named with `--table`, its columns matched by the dataset
/// field names and its keys computed in the query by ``CatalogueFunctions``.
struct CatalogueTable: Sendable {
  /// The database file, for messages and for pictures given as relative paths.
  let file: String
  let name: String
  let isImported: Bool
  /// The columns a page selects, after the row id.
  let selection: SQL
  /// Sort keys (ascending; ties go by row id).
  let priceUp: SQL
  let priceDown: SQL
  let titleKey: SQL
  /// A foreign table's folded search text (an imported one has its FTS5 table).
  let searchText: SQL?
  /// Field name → column, for a foreign table: the names the item decoder knows, lowercased; others as they are.
  let fieldColumns: [(field: String, column: String)]
  /// The extra fields' names (`--group-by` takes them).
  let extraKeys: [String]

  var quotedName: SQL { SQL(sql: Self.quoted(name)) }
  /// A view's column that stands in for the row id it lacks (unique whole numbers, checked when opened).
  var viewKey: String? = nil

  /// The row id: an imported catalogue's `id` (1, 2, … in the order imported), a view's key column, any other
  /// table's `rowid`.
  var idColumn: SQL { isImported ? "id" : viewKey.map { SQL(sql: Self.quoted($0)) } ?? "rowid" }

  /// The expression a section is made by, its value as stored (`waterfall_group_value` makes blanks NULL).
  func groupValue(_ field: ItemField) -> SQL {
    "waterfall_group_value(\(fieldValue(field)))"
  }

  /// The expression of a field's value as stored (NULL when the table has no such field).
  func fieldValue(_ field: ItemField) -> SQL {
    switch (field, isImported) {
    case (.shop, true): "shop"
    case (.price, true): "price"
    case (.title, true): "title"
    case (.extra(let key), true): "(SELECT value FROM json_each(extra) WHERE key = \(key))"
    case (let field, false): column(forField: field.name).map { SQL(sql: Self.quoted($0)) } ?? "NULL"
    }
  }

  /// The column that holds a field (the first of its aliases a foreign table has).
  func column(forField field: String) -> String? {
    for alias in ItemFieldNames.aliases(of: field) {
      if let found = fieldColumns.first(where: { $0.field == alias }) { return found.column }
    }
    return nil
  }

  /// The file as a row's problems name it: a `--table`'s with the table's name.
  var problemFile: String { isImported ? file : "\(file) (table \(name))" }

  /// The item of a row selected with ``selection`` (the row id first), or why it is unusable: an imported
  /// catalogue's rows are decoded as a `--table`'s are, never by force (see ``RowDecoding``).
  func item(from row: Row) -> Result<ShopItem, RowDecoding.Unusable> {
    let fields = isImported ? Self.importedFields : fieldColumns.map(\.field)
    var decoded = RowDecoding.item(row, fields: fields, file: problemFile)
    if case .success(var item) = decoded {
      item.sourceFile = file
      if isImported, case .string(let json)? = CatalogueFunctions.datasetValue(row[fields.count + 1]) {
        item.extraFields = Self.extraFields(fromJSON: json)
      }
      decoded = .success(item)
    }
    return decoded
  }

  /// An imported catalogue's columns of ``selection`` before `extra`, by the names the item decoder reads.
  static let importedFields = ["w", "h", "img", "price", "title", "shop"]

  static func extraFields(fromJSON json: String?) -> [ExtraField] {
    guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
    else { return [] }
    return object.sorted { $0.key < $1.key }.map { ExtraField(key: $0.key, value: $0.value) }
  }

  // MARK: - Finding the table

  /// The items table of an imported catalogue, or `table` matched by field names; what is missing throws.
  static func find(_ table: String?, in db: Database, file: String) throws -> CatalogueTable {
    let tables = try String.fetchAll(
      db,
      sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
    let listed = tables.isEmpty ? "it has no tables" : "its tables: \(tables.joined(separator: ", "))"
    guard let table else {
      // Name what is really missing: a table called `items` alone is not a catalogue without the marker.
      let absent = [CatalogueSchema.metadataTable, CatalogueSchema.itemsTable].filter { !tables.contains($0) }
      guard absent.isEmpty else {
        let what = absent.count == 1 ? "the \(absent[0]) table" : "the \(absent.joined(separator: " and ")) tables"
        throw SQLiteCatalogueError(
          file: file,
          reason: "not a Waterfall catalogue: it lacks \(what) `waterfall import` writes; "
            + "name a table with --table NAME (\(listed))")
      }
      return try imported(db, file: file)
    }
    guard
      let name = tables.first(where: { $0 == table }) ?? tables.first(where: { $0.lowercased() == table.lowercased() })
    else {
      throw SQLiteCatalogueError(file: file, reason: "no table named \(table) (\(listed))")
    }
    return try foreign(name, in: db, file: file)
  }

  private static func imported(_ db: Database, file: String) throws -> CatalogueTable {
    let format = try String.fetchOne(
      db, sql: "SELECT value FROM waterfall_catalogue WHERE key = ?", arguments: [CatalogueSchema.Key.format])
    guard format == CatalogueSchema.formatVersion else {
      throw SQLiteCatalogueError(
        file: file, reason: "a Waterfall catalogue of another format (\(format ?? "none")); import it again")
    }
    let columns = Set(try db.columns(in: CatalogueSchema.itemsTable).map(\.name))
    let needed = ["id", "w", "h", "img", "price", "title", "shop", "extra", "price_up", "price_down", "title_key"]
    let missing = needed.filter { !columns.contains($0) }
    guard missing.isEmpty, try db.tableExists(CatalogueSchema.searchTable) else {
      let what = missing.isEmpty ? "the search table \(CatalogueSchema.searchTable)" : missing.joined(separator: ", ")
      throw SQLiteCatalogueError(file: file, reason: "the items table lacks \(what); import it again")
    }
    let keys = try String.fetchOne(
      db, sql: "SELECT value FROM waterfall_catalogue WHERE key = ?", arguments: [CatalogueSchema.Key.extraKeys])
    let extraKeys = (try? JSONSerialization.jsonObject(with: Data((keys ?? "[]").utf8))) as? [String] ?? []
    return CatalogueTable(
      file: file, name: CatalogueSchema.itemsTable, isImported: true,
      selection: "w, h, img, price, title, shop, extra", priceUp: "price_up", priceDown: "price_down",
      titleKey: "title_key", searchText: nil, fieldColumns: [], extraKeys: extraKeys)
  }

  /// `name` as a SQL identifier: in double quotes, each one inside doubled. (GRDB's `quotedDatabaseIdentifier`
  /// does not double them: a table or column named with a `"` broke the statement, or became SQL.)
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The names the item decoder reads, each with its aliases (`link` and `href` stay extra fields).
  private static let knownFields = ItemFieldNames.decoded

  private static func foreign(_ name: String, in db: Database, file: String) throws -> CatalogueTable {
    // Named by a bound value, not in the SQL: the table's name is the file's, and may hold anything.
    let columns = try String.fetchAll(
      db, sql: "SELECT name FROM pragma_table_xinfo(?) WHERE hidden != 1 ORDER BY cid", arguments: [name])
    var fieldColumns: [(field: String, column: String)] = []
    for column in columns {
      let lowered = column.lowercased()
      let field = knownFields.contains(lowered) ? lowered : column
      if !fieldColumns.contains(where: { $0.field == field }) { fieldColumns.append((field, column)) }
    }
    let fields = Set(fieldColumns.map(\.field))
    var missing: [String] = []
    for side in [ItemFieldNames.width, ItemFieldNames.height] where fields.isDisjoint(with: side) {
      missing.append(side.joined(separator: " or "))
    }
    if !fields.contains(ItemFieldNames.price) { missing.append(ItemFieldNames.price) }
    guard missing.isEmpty else {
      throw SQLiteCatalogueError(
        file: file,
        reason:
          "table \(name) has no \(missing.joined(separator: ", ")) column (its columns: \(columns.joined(separator: ", ")))"
      )
    }
    // Keyset paging needs a stable key: a table's row id, or a view's own unique whole-number `id` column.
    let isView =
      try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ?", arguments: [name]) == "view"
    let viewKey = isView ? try ViewKey.column(of: name, columns: columns, in: db, file: file) : nil
    if !isView {
      do {
        _ = try Row.fetchOne(db, sql: "SELECT rowid FROM \(Self.quoted(name)) LIMIT 1")
      } catch {
        throw SQLiteCatalogueError(file: file, reason: "table \(name) has no row ids (WITHOUT ROWID)")
      }
    }
    func quoted(_ field: String) -> String? {
      fieldColumns.first { $0.field == field }.map { Self.quoted($0.column) }
    }
    let selection = SQL(sql: fieldColumns.map { Self.quoted($0.column) }.joined(separator: ", "))
    let price = SQL(sql: quoted(ItemFieldNames.price)!)
    let titleColumns = ItemFieldNames.title.compactMap(quoted)
    let titleExpression = titleColumns.isEmpty ? "''" : "COALESCE(\(titleColumns.joined(separator: ", ")), '')"
    let title = SQL(sql: titleExpression)
    // Title, shop, price, then every other field, as the search index of a dataset folds them.
    // `url` beside a picture column is the item's page, an extra field as in a dataset (ItemDecoder).
    let urlIsPage = !fields.isDisjoint(with: ItemFieldNames.picture)
    let named = Set(ItemFieldNames.decoded).subtracting(urlIsPage ? [ItemFieldNames.url] : [])
    let searchColumns =
      [titleExpression, quoted(ItemFieldNames.shop) ?? "''", quoted(ItemFieldNames.price)!]
      + fieldColumns.filter { !named.contains($0.field) }.map { Self.quoted($0.column) }
    let extraKeys = fieldColumns.filter { !named.contains($0.field) }.map(\.field).sorted()
    return CatalogueTable(
      file: file, name: name, isImported: false, selection: selection,
      priceUp: "waterfall_price_up(\(price))", priceDown: "waterfall_price_down(\(price))",
      titleKey: "waterfall_title_key(\(title))",
      searchText: SQL(sql: "waterfall_search_text(\(searchColumns.joined(separator: ", ")))"),
      fieldColumns: fieldColumns, extraKeys: extraKeys, viewKey: viewKey)
  }
}
