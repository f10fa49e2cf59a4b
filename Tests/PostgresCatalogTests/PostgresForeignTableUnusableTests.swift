import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// A `--table` whose every row has a problem is refused as a dataset is: its problems, then a last line naming the
/// table, exit status 1.
@Suite("A PostgreSQL table named with --table with no usable row")
struct PostgresForeignTableUnusableTests {
  @Test("every row without a usable h: the problems, then \"… table bad: no usable items\", exit status 1")
  func noUsableRow() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    try TestServer.psql(
      address, "CREATE TABLE bad(id integer, w integer, h text, price text); INSERT INTO bad VALUES (1, 5, 'x', '1')")
    do {
      _ = try PostgresForeignTableTests.open(address, table: "bad", pageSize: 50)
      Issue.record("a table without a usable row opened")
    } catch {
      #expect(error.exitStatus == 1)
      let last = try #require(error.lines.last)
      #expect(last.hasSuffix(": no usable items: every item has a problem"), "\(error.lines)")
      #expect(last.contains("bad") && !last.hasPrefix(":"), "the last line names the table: \(last)")
    }
  }
}
