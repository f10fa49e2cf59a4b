import PostgresNIO
import ShopCatalog

/// What `waterfall check` finds in an imported catalogue: a row is untrusted input, as a SQLite catalogue's is,
/// since anyone with UPDATE on `items` may have written a side the dataset rules reject since the import (`w = -5`,
/// `h = 'NaN'`). Each row is decoded by those rules, so such a row is a problem naming the item (its id), the field
/// and what is wrong, as `check` reports for the same change to a SQLite catalogue.
extension PostgresCatalogue {
  public struct CheckReport: Sendable {
    /// Rows that are usable items.
    public var itemCount = 0
    /// Rows the dataset rules reject, each naming the address, the row's id and the field.
    public var problems: [DatasetProblem] = []
    /// Rows with at least one problem (a row with two bad sides is one row).
    public var skippedRows = 0
    /// Rows kept that are worth knowing of: no price (``CheckSummary/noPriceNote(_:file:number:)``).
    public var notes: [String] = []
  }

  /// A row's item fields as the server holds them, before the dataset rules have read them.
  struct RowFields {
    var width, height: Double
    var picture, price, title, shop: String

    /// The item the dataset rules make of the row (numbered by its id), or why they reject it: a row is read as a
    /// file's record is, whoever wrote it.
    func item(file: String, id: Int64) -> Result<ShopItem, UnusableRecord> {
      let record: [String: DatasetValue] = [
        "w": .real(width), "h": .real(height), "img": .string(picture), "price": .string(price),
        "title": .string(title), "shop": .string(shop),
      ]
      return ItemKeys.item(from: record, file: file, number: Int(clamping: id))
    }
  }

  /// Every row read by keyset on `id`, `batch` rows to a statement, changing nothing.
  public func check(batch: Int = 1_000) throws(PostgresFailure) -> CheckReport {
    var report = CheckReport()
    var cursor = KeysetCursor.start
    do {
      while true {
        let found = try rows(CatalogueQuery(), section: nil, after: cursor, key: nil, limit: max(1, batch))
        for row in found {
          switch row.item {
          case .success(let item):
            report.itemCount += 1
            if let note = CheckSummary.noPriceNote(item, file: name, number: Int(row.id)) { report.notes.append(note) }
          case .failure(let unusable):
            report.problems += unusable.problems
            report.skippedRows += 1
          }
        }
        guard found.count == max(1, batch), let last = found.last else { return report }
        cursor = KeysetCursor(rank: 0, group: 0, lastID: last.id, lastKey: .none)
      }
    } catch {
      throw failure(error)
    }
  }
}
