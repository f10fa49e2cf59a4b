import Foundation
import GRDB
import SQLiteCatalog
import Testing

/// A database that is not an imported catalogue is refused naming what it lacks, not a table it has.
@Suite("A database that is not a Waterfall catalogue")
struct SQLiteNotCatalogueTests {
  @Test("a table named items without the catalogue's marker: the marker is named missing, not the items table")
  func itemsWithoutMarker() throws {
    let fixture = try CatalogueFixture(count: 1, seed: 51)
    let path = fixture.folder + "/cols.sqlite"
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "CREATE TABLE items(a, b)") }
    try queue.close()
    #expect {
      _ = try SQLiteCatalogue.open(path: path)
    } throws: { error in
      guard let error = error as? SQLiteCatalogueError else { return false }
      return error.file == path
        && error.reason
          == "not a Waterfall catalogue: it lacks the waterfall_catalogue table `waterfall import` writes; "
          + "name a table with --table NAME (its tables: items)"
    }
  }
}
