import GRDB
import ShopCatalog

/// `G` and far jumps over a database: the whole result measured by keyset, stretch by stretch.
extension SQLiteCatalogue {
  /// Measures a stretch of the result by keyset, as pages are read: each row's picture size and title in the
  /// order's index, and a page's cursor every ``pageSize`` rows (the keyset of the row before it), so any page
  /// of the result can be fetched afterwards without reading the ones before. An imported catalogue without
  /// sections only: a foreign table's pages leave out rows the item decoder cannot use, which would shift the
  /// ranks, and sections load as they come.
  public func measure(_ request: MeasureRequest) -> MeasureResponse {
    guard table.isImported else { return .unavailable(reason: "a table opened with --table is not measured") }
    guard request.query.grouping == nil else { return .unavailable(reason: "sections load as they come") }
    let from =
      request.from.flatMap { $0.token.flatMap(KeysetCursor.init(token:)) }
      ?? KeysetCursor(rank: 0, group: 0, lastID: nil, lastKey: .none)
    let limit = max(1, (request.limit + pageSize - 1) / pageSize) * pageSize
    do {
      return try queue.read { db in
        let filter = try condition(for: request.query.filter, db: db)
        let total = try resultCount(of: request.query, filter: filter, db: db, waiting: true) ?? 0
        if request.query.filter?.isEmpty ?? true,
          let stretch = try measuredFromShapes(request, from: from, limit: limit, total: total, db: db)
        {
          return .stretch(stretch)
        }
        return .stretch(
          try measuredFromRows(request, from: from, limit: limit, total: total, filter: filter, db: db))
      }
    } catch {
      return .failure(reason: "\(file): \(Self.reason(error))")
    }
  }

  /// The stretch read from the rows, `limit` of them, each decoded as a page decodes it: a row a page leaves out
  /// (changed by hand: a `w` of -5 or 'x') is left out here too, so `G`'s count and ranks are the items browsing
  /// shows. Pages start every ``pageSize`` rows, as pages are read; their ranks count the items before them.
  private func measuredFromRows(
    _ request: MeasureRequest, from: KeysetCursor, limit: Int, total: Int, filter: SQL, db: Database
  ) throws -> MeasuredStretch {
    let key = sortKey(request.query.order)
    let keyColumn: SQL = key ?? "NULL"
    let rows = try Row.fetchCursor(
      db,
      SQLRequest(
        literal: """
          SELECT id, \(table.selection), \(keyColumn) FROM items WHERE \(filter) AND \(after(from, key: key))
          ORDER BY \(ordering(key)) LIMIT \(limit + 1)
          """))
    let keyIndex = CatalogueTable.importedFields.count + 2
    let itemsBefore = request.itemsBefore ?? from.rank
    var shapes = MeasuredShapes()
    shapes.reserveCapacity(min(limit, total))
    var starts: [PageCursor?] = []
    var startRanks: [Int] = []
    var rowsRead = 0
    // The last row's id and key, made into a cursor only where a page starts after it (a row's cursor for
    // each of 10^6 rows was a tenth of G's time). A cursor's rank counts rows, as a page's does.
    var last: (id: Int64, key: DatabaseValue)?
    func cursorAfterLast() -> PageCursor? {
      guard let last else { return from.lastID == nil ? nil : request.from }
      let cursor = KeysetCursor(
        rank: from.rank + rowsRead, group: 0, lastID: last.id, lastKey: KeysetCursor.Key(last.key))
      return PageCursor(token: cursor.token)
    }
    var more = false
    while let row = try rows.next() {
      if rowsRead == limit {
        more = true
        break
      }
      if rowsRead % pageSize == 0 {
        starts.append(cursorAfterLast())
        startRanks.append(itemsBefore + shapes.count)
      }
      // Never decoded by force: a row changed by hand is left out, as the page leaves it out.
      if case .success(let item) = RowDecoding.item(row, fields: CatalogueTable.importedFields, file: file) {
        var title = item.title
        title.withUTF8 { shapes.append(width: item.width, height: item.height, titleUTF8: $0) }
      }
      last = (RowDecoding.id(row) ?? 0, row[keyIndex])
      rowsRead += 1
    }
    // The rows left out so far are not items; those after this stretch are not known yet (the last stretch's
    // count is the one that stays).
    let leftOut = from.rank + rowsRead - (itemsBefore + shapes.count)
    return MeasuredStretch(
      items: shapes, pageSize: pageSize, pageStarts: starts, next: more ? cursorAfterLast() : nil,
      resultCount: total - leftOut, pageStartRanks: startRanks)
  }

  /// The stretch from the shapes packed at import (``CatalogueShapes``), or `nil` when the catalogue has none
  /// that fit (an older catalogue, one changed by hand): then the rows are read. A page that starts in the
  /// stretch is fetched after the id of the row before it, its key looked up by that id (``after(_:key:)``).
  private func measuredFromShapes(
    _ request: MeasureRequest, from: KeysetCursor, limit: Int, total: Int, db: Database
  ) throws -> MeasuredStretch? {
    let end = min(total, from.rank + limit)
    guard from.rank < end,
      let run = try CatalogueShapes.read(order: request.query.order, ranks: from.rank..<end, total: total, db: db)
    else { return nil }
    return MeasuredStretch(
      packedIDs: run.ids, shapes: run.shapes, from: from, asked: request.from, pageSize: pageSize, total: total)
  }

  /// A measured side: the stored number, or 1 when it is not a positive finite number.
  static func side(_ value: DatabaseValue) -> Double {
    switch value.storage {
    case .double(let number): side(number)
    case .int64(let number) where number > 0: Double(number)
    default: 1
    }
  }

  /// A measured side: `number`, or 1 when it is not positive and finite.
  static func side(_ number: Double) -> Double { number.isFinite && number > 0 ? number : 1 }
}
