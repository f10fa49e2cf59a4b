import PostgresNIO
import ShopCatalog

/// `G` and far jumps: the whole result measured stretch by stretch, from the shapes packed at import
/// (``PostgresShapes``) or, without them or with a filter, from the rows by keyset.
extension PostgresCatalogue {
  /// Measures a stretch of the result: each item's picture size and title width in the order, and a page's cursor
  /// every ``pageSize`` items (the id of the row before it), so any page of the result can be fetched afterwards
  /// without reading the ones before. Sections load as they come.
  public func measure(_ request: MeasureRequest) -> MeasureResponse {
    guard request.query.grouping == nil else { return .unavailable(reason: "sections load as they come") }
    let from = request.from.flatMap { $0.token.flatMap(KeysetCursor.init(token:)) } ?? .start
    let limit = max(1, (request.limit + pageSize - 1) / pageSize) * pageSize
    do {
      let total = try count(request.query, waiting: true) ?? 0
      if isImported, request.query.filter?.isEmpty ?? true,
        let stretch = try measuredFromShapes(request, from: from, limit: limit, total: total)
      {
        return .stretch(stretch)
      }
      return .stretch(try measuredFromRows(request, from: from, limit: limit, total: total))
    } catch {
      return .failure(reason: failure(error).description)
    }
  }

  /// The stretch from the packed shapes, or `nil` when the catalogue has none that fit.
  private func measuredFromShapes(
    _ request: MeasureRequest, from: KeysetCursor, limit: Int, total: Int
  ) throws -> MeasuredStretch? {
    let end = min(total, from.rank + limit)
    guard from.rank < end,
      let run = try PostgresShapes.read(
        order: request.query.order, ranks: from.rank..<end, total: total, session: session)
    else { return nil }
    return MeasuredStretch(
      packedIDs: run.ids, shapes: run.shapes, from: from, asked: request.from, pageSize: pageSize, total: total)
  }

  /// The stretch read from the rows by keyset: each row's id, sides and title, `limit` rows and one more to know
  /// whether the result goes on.
  private func measuredFromRows(
    _ request: MeasureRequest, from: KeysetCursor, limit: Int, total: Int
  ) throws -> MeasuredStretch {
    let key = sortKey(request.query.order)
    var statement = PostgresStatement("SELECT id, w, h, title FROM \(rows) WHERE ")
    statement.append(within(request.query, section: nil))
    statement.append(" AND ")
    statement.append(after(from, key: key))
    statement.append(" ORDER BY \(ordering(key)) LIMIT \(limit + 1)")
    // Up to 65,536 rows, a filter's scanned for them: time that grows with the table.
    let rows = try longStatements().rows(statement.query)
    var shapes = MeasuredShapes()
    shapes.reserveCapacity(min(limit, rows.count))
    var starts: [PageCursor?] = []
    var lastID: Int64?
    func cursorAfterLast() -> PageCursor? {
      guard let lastID else { return from.lastID == nil ? nil : request.from }
      return PageCursor(
        token: KeysetCursor(rank: from.rank + shapes.count, group: 0, lastID: lastID, lastKey: .none).token)
    }
    for row in rows.prefix(limit) {
      if shapes.count % pageSize == 0 { starts.append(cursorAfterLast()) }
      let (id, width, height, title) = try row.decode((Int64, Double, Double, String).self)
      var text = title
      text.withUTF8 {
        shapes.append(width: ShapeRuns.side(width), height: ShapeRuns.side(height), titleUTF8: $0)
      }
      lastID = id
    }
    return MeasuredStretch(
      items: shapes, pageSize: pageSize, pageStarts: starts, next: rows.count > limit ? cursorAfterLast() : nil,
      resultCount: total)
  }
}
