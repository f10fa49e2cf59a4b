import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// `waterfall check` of an imported catalogue reads each row as untrusted input: a side another client wrote by
/// hand since the import, which the dataset rules reject, is a problem naming the row, as for a SQLite catalogue.
@Suite("Checking an imported PostgreSQL catalogue")
struct PostgresCheckTests {
  @Test("rows changed by hand to a negative, zero, NaN or infinite side are listed by id and field; the rest count")
  func handChangedSides() throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 11) else { return }
    try TestServer.psql(
      fixture.address,
      """
      UPDATE waterfall.items SET w = -5 WHERE id = 3;
      UPDATE waterfall.items SET h = 0 WHERE id = 12;
      UPDATE waterfall.items SET h = 'NaN' WHERE id = 20;
      UPDATE waterfall.items SET w = 'Infinity', h = 200000 WHERE id = 27
      """)
    var lines: [String] = []
    let summary = try PostgresSource(pageSize: 50).check(.named(fixture.address)) { lines.append($0) }
    let shown = try PostgresAddress.parse(fixture.address).get().description
    // The random items without a price are kept, each a note: the rows the problems left alone.
    let skipped = [3, 12, 20, 27]
    let notes = fixture.items.indices.filter { !skipped.contains($0 + 1) && fixture.items[$0].price.isEmpty }.map {
      "\(shown): item \($0 + 1): price: none (kept: shown without a price, sorted last)"
    }
    #expect(
      lines.filter { !$0.contains("price: none") } == [
        "\(shown): item 3: w: must be between 1 and 100000 pixels, not -5",
        "\(shown): item 12: h: must be between 1 and 100000 pixels, not 0",
        "\(shown): item 20: h: not a number (NaN)",
        "\(shown): item 27: w: infinite",
        "\(shown): item 27: h: must be between 1 and 100000 pixels, not 200000",
      ])
    #expect(lines.filter { $0.contains("price: none") } == notes)
    let noted = notes.isEmpty ? "" : ", \(notes.count) note\(notes.count == 1 ? "" : "s")"
    #expect(summary.line == "26 items, 5 problems\(noted) (4 rows skipped)")
    #expect(summary.problemCount == 5)
  }

  @Test("an untouched catalogue checks clean, every row read across statements of a few rows")
  func untouched() throws {
    guard let fixture = try PostgresFixture(count: 25, seed: 12) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address)
    let report = try catalogue.check(batch: 7)
    #expect(report.itemCount == 25 && report.problems.isEmpty && report.skippedRows == 0)
  }
}
