extension MeasuredStretch {
  /// The stretch of an unfiltered result read from its packed runs (``ShapeRuns``): `ids` and `shapes` are the
  /// ranks `from.rank ..< from.rank + ids.count` of `total`. A page starting in it is fetched after the id of the
  /// row before it (its key looked up by that id), so its cursor carries no key.
  public init(
    packedIDs ids: [Int64], shapes: MeasuredShapes, from: KeysetCursor, asked: PageCursor?, pageSize: Int, total: Int
  ) {
    let end = from.rank + ids.count
    func cursor(atRank rank: Int) -> PageCursor? {
      guard rank > from.rank else { return from.lastID == nil ? nil : asked }
      let cursor = KeysetCursor(rank: rank, group: 0, lastID: ids[rank - from.rank - 1], lastKey: .none)
      return PageCursor(token: cursor.token)
    }
    self.init(
      items: shapes, pageSize: pageSize,
      pageStarts: stride(from: from.rank, to: end, by: pageSize).map(cursor(atRank:)),
      next: end < total ? cursor(atRank: end) : nil, resultCount: total)
  }
}
