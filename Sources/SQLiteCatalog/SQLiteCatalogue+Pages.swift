import GRDB
import ShopCatalog

/// A query's pages and sections read from the rows, and the ranks of a search's matches.
extension SQLiteCatalogue {
  func page(_ query: CatalogueQuery, after cursor: KeysetCursor, in db: Database) throws -> CataloguePage {
    let key = sortKey(query.order)
    let filter = try condition(for: query.filter, db: db)
    let keyIndex = table.isImported ? 8 : table.fieldColumns.count + 1
    func cursorAfter(_ row: Row, rank: Int, group: Int) -> KeysetCursor {
      KeysetCursor(
        rank: rank, group: group, lastID: RowDecoding.id(row), lastKey: KeysetCursor.Key(row[keyIndex]))
    }
    guard let grouping = query.grouping else {
      let found = try rows(where: filter, after: cursor, key: key, limit: pageSize + 1, db: db)
      let shown = Array(found.prefix(pageSize))
      let next = found.count > pageSize ? cursorAfter(shown.last!, rank: cursor.rank + shown.count, group: 0) : nil
      return makePage(
        shown, groups: [], next: next, count: try resultCount(of: query, filter: filter, db: db, waiting: false))
    }
    let sections = try self.sections(of: query, grouping: grouping, key: key, filter: filter, db: db)
    let page = try SectionPaging.page(
      sections: sections.map { ($0.name, $0.count) }, after: cursor, pageSize: pageSize,
      rows: { group, position, limit in
        let inSection: SQL = "\(filter) AND \(table.groupValue(grouping)) IS \(sections[group].value)"
        return try rows(where: inSection, after: position, key: key, limit: limit, db: db)
      },
      cursorAfter: cursorAfter)
    return makePage(page.rows, groups: page.runs, next: page.next, count: page.total)
  }

  private func makePage(_ rows: [Row], groups: [GroupRun], next: KeysetCursor?, count: Int?) -> CataloguePage {
    var items: [ShopItem] = []
    var ids: [ItemID] = []
    var skipped: [String] = []
    var kept: [Bool] = []
    for row in rows {
      // A row the item decoder cannot use is left out and named (`waterfall check` lists them all).
      switch table.item(from: row) {
      case .success(let item):
        guard let id = RowDecoding.id(row) else {
          kept.append(false)
          continue
        }
        items.append(item)
        ids.append(ItemID(Int(id) - 1))
        kept.append(true)
      case .failure(let unusable):
        skipped += unusable.problems.map(\.description)
        kept.append(false)
      }
    }
    var page = CataloguePage(
      items: items, ids: ids, groups: GroupRun.recounted(groups, kept: kept),
      next: next.map { PageCursor(token: $0.token) }, resultCount: count)
    page.skippedPages = skipped
    return page
  }

  /// A grouped query's sections, in the order of their first item in the query's order (the items without a
  /// value last), found in one pass and kept.
  func sections(
    of query: CatalogueQuery, grouping: ItemField, key: SQL?, filter: SQL, db: Database
  ) throws -> [Section] {
    if let known = facts.withLock({ $0[query]?.groups }) { return known }
    var order: [String] = []
    var counts: [String: Int] = [:]
    var withoutValue = 0
    let values = try String?.fetchCursor(
      db,
      SQLRequest(
        literal: """
          SELECT \(table.groupValue(grouping)) FROM \(table.quotedName) WHERE \(filter) ORDER BY \(ordering(key))
          """))
    while let value = try values.next() {
      guard let value else {
        withoutValue += 1
        continue
      }
      if let count = counts[value] {
        counts[value] = count + 1
      } else {
        counts[value] = 1
        order.append(value)
      }
    }
    var sections = order.map { Section(value: $0, name: $0, count: counts[$0]!) }
    if withoutValue > 0 { sections.append(Section(value: nil, name: "(no \(grouping.name))", count: withoutValue)) }
    facts.withLock { $0[query, default: QueryFacts()].groups = sections }
    return sections
  }

  /// The ranks in the query's result of the rows that match `pattern`: the result's ids walked in order.
  func matchRanks(of pattern: ItemQuery, in query: CatalogueQuery, db: Database) throws -> [Int] {
    if pattern.isEmpty { return [] }
    let key = sortKey(query.order)
    let filter = try condition(for: query.filter, db: db)
    let matching = try condition(for: pattern, db: db)
    if table.isImported, query.isReadingOrder {
      // Imported ids are 1, 2, … in order: a match's rank is its id less one.
      return try Int.fetchAll(db, SQLRequest(literal: "SELECT id - 1 FROM items WHERE \(matching) ORDER BY id"))
    }
    // Each row of the result in order, with whether it matches: the matching ids are never gathered into memory.
    var ranks: [Int] = []
    var rank = 0
    func walk(_ condition: SQL) throws {
      let matches = try Bool.fetchCursor(
        db,
        SQLRequest(
          literal: """
            SELECT (\(matching)) FROM \(table.quotedName) WHERE \(condition) ORDER BY \(ordering(key))
            """))
      while let matches = try matches.next() {
        if matches { ranks.append(rank) }
        rank += 1
      }
    }
    if let grouping = query.grouping {
      for section in try sections(of: query, grouping: grouping, key: key, filter: filter, db: db) {
        try walk("\(filter) AND \(table.groupValue(grouping)) IS \(section.value)")
      }
    } else {
      try walk(filter)
    }
    return ranks
  }
}
