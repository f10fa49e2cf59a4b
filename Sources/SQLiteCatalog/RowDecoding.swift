import Foundation
import GRDB
import ShopCatalog

/// A row is untrusted input, whatever wrote it: an imported catalogue's file may have been changed since by anyone
/// (a `w` of `'abc'`, a BLOB title), so its values are never decoded by force. Each column becomes the dataset value
/// the item decoder reads, and a row it cannot use is a problem naming the file, the row and the field, exactly as
/// for a table opened with `--table`.
enum RowDecoding {
  /// Why a row is not an item: its problems, each naming the file, the row and the field.
  struct Unusable: Error {
    var problems: [DatasetProblem]
  }

  /// A column's value as a dataset field: nil for NULL; a BLOB is its text when it is UTF-8, else a problem
  /// (its bytes are not text the viewer could show).
  static func value(
    _ value: DatabaseValue, field: String, file: String, number: Int, problems: inout [DatasetProblem]
  ) -> DatasetValue? {
    if case .blob(let data) = value.storage, String(data: data, encoding: .utf8) == nil {
      problems.append(
        DatasetProblem(
          file: file, item: number, field: field, message: "must be text, not a blob of \(data.count) bytes"))
      return nil
    }
    return CatalogueFunctions.datasetValue(value)
  }

  /// The row id, if it is a whole number (a view's key column can be rewritten by another process).
  static func id(_ row: Row) -> Int64? {
    if case .int64(let id) = (row[0] as DatabaseValue).storage { return id }
    return nil
  }

  /// The item of a row whose columns, after the row id, are `fields` in order; or its problems.
  static func item(
    _ row: Row, fields: [String], file: String
  ) -> Result<ShopItem, Unusable> {
    guard let id = id(row) else {
      let problem = DatasetProblem(file: file, item: 0, field: "id", message: "the row's id is not a whole number")
      return .failure(Unusable(problems: [problem]))
    }
    let number = Int(id)
    var problems: [DatasetProblem] = []
    var record: [String: DatasetValue] = [:]
    for (offset, field) in fields.enumerated() {
      if let value = value(row[offset + 1], field: field, file: file, number: number, problems: &problems) {
        record[field] = value
      }
    }
    switch ItemKeys.item(from: record, file: file, number: number) {
    case .success(let item) where problems.isEmpty: return .success(item)
    case .success: return .failure(Unusable(problems: problems))
    case .failure(let unusable):
      // A blob left out is already named; the decoder would call the field missing too.
      let others = unusable.problems.filter { problems.isEmpty || $0.message != "missing" }
      return .failure(Unusable(problems: problems + others))
    }
  }
}
