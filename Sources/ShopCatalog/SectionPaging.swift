/// A cursor into a grouped result: the rows before it and the section it is in.
public protocol SectionCursor {
  var rank: Int { get }
  var group: Int { get }
  /// The start of section `group`, with `rank` rows of the result before it.
  init(sectionStart group: Int, rank: Int)
}

/// A grouped query's page read section after section, whatever engine reads a section's rows: shared so that
/// every SQL source fills a page, starts the next section and ends the result alike.
public enum SectionPaging {
  /// Up to `pageSize` rows from the sections, from `cursor` on: the rows, a run for each section they are in,
  /// where the next page starts (`nil`: the result's end) and the result's count. `rows` reads up to `limit` of
  /// section `group`'s rows after a cursor; `cursorAfter` is the cursor after a row read.
  public static func page<Row, Cursor: SectionCursor>(
    sections: [(name: String, count: Int)], after cursor: Cursor, pageSize: Int,
    rows: (_ group: Int, _ after: Cursor, _ limit: Int) throws -> [Row],
    cursorAfter: (_ last: Row, _ rank: Int, _ group: Int) -> Cursor
  ) rethrows -> (rows: [Row], runs: [GroupRun], next: Cursor?, total: Int) {
    var shown: [Row] = []
    var runs: [GroupRun] = []
    var position = cursor
    // The rank where the cursor's section ends, summed once and then carried section by section: summing it at
    // each step made a page of one-row sections cost the whole list of sections for each row (G over 10^5 prices).
    var sectionEnd = sections[..<min(position.group + 1, sections.count)].reduce(0) { $0 + $1.count }
    while shown.count < pageSize, position.group < sections.count {
      let section = sections[position.group]
      let found = try rows(position.group, position, pageSize - shown.count)
      if let last = found.last {
        runs.append(
          GroupRun(ordinal: position.group, name: section.name, totalCount: section.count, count: found.count))
        shown += found
        position = cursorAfter(last, position.rank + found.count, position.group)
      }
      if found.isEmpty || position.rank == sectionEnd {
        position = Cursor(sectionStart: position.group + 1, rank: position.rank)
        if position.group < sections.count { sectionEnd += sections[position.group].count }
      }
    }
    let total = sections.reduce(0) { $0 + $1.count }
    return (shown, runs, position.rank < total ? position : nil, total)
  }
}
