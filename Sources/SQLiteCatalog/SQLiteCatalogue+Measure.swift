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
    let key = sortKey(request.query.order)
    let keyColumn: SQL = key ?? "NULL"
    do {
      return try queue.read { db in
        let filter = try condition(for: request.query.filter, db: db)
        let total = try resultCount(of: request.query, filter: filter, db: db, waiting: true) ?? 0
        if request.query.filter?.isEmpty ?? true,
          let stretch = try measuredFromShapes(request, from: from, limit: limit, total: total, db: db)
        {
          return .stretch(stretch)
        }
        let rows = try Row.fetchCursor(
          db,
          SQLRequest(
            literal: """
              SELECT id, w, h, title, \(keyColumn) FROM items WHERE \(filter) AND \(after(from, key: key))
              ORDER BY \(ordering(key)) LIMIT \(limit + 1)
              """))
        var shapes = MeasuredShapes()
        shapes.reserveCapacity(min(limit, total))
        var starts: [PageCursor?] = []
        // The last row's id and key, made into a cursor only where a page starts after it (a row's cursor for
        // each of 10^6 rows was a tenth of G's time).
        var last: (id: Int64, key: DatabaseValue)?
        func cursorAfterLast() -> PageCursor? {
          guard let last else { return from.lastID == nil ? nil : request.from }
          let cursor = KeysetCursor(
            rank: from.rank + shapes.count, group: 0, lastID: last.id, lastKey: KeysetCursor.Key(last.key))
          return PageCursor(token: cursor.token)
        }
        var more = false
        while let row = try rows.next() {
          if shapes.count == limit {
            more = true
            break
          }
          if shapes.count % pageSize == 0 { starts.append(cursorAfterLast()) }
          // Never decoded by force: a row changed by hand (a `w` of 'abc') is measured as a square, not a crash.
          var title = CatalogueFunctions.text(row[3])
          let (width, height) = (Self.side(row[1]), Self.side(row[2]))
          title.withUTF8 { shapes.append(width: width, height: height, titleUTF8: $0) }
          last = (RowDecoding.id(row) ?? 0, row[4])
        }
        return .stretch(
          MeasuredStretch(
            items: shapes, pageSize: pageSize, pageStarts: starts, next: more ? cursorAfterLast() : nil,
            resultCount: total))
      }
    } catch {
      return .failure(reason: "\(file): \(Self.reason(error))")
    }
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
