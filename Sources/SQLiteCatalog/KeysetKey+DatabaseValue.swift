import Foundation
import GRDB
import ShopCatalog

extension KeysetKey {
  /// A row's sort key as SQLite stored it: a number, text or blob compared as bytes, or nothing.
  init(_ value: DatabaseValue) {
    switch value.storage {
    case .double(let number): self = .number(number)
    case .int64(let number): self = .number(Double(number))
    case .blob(let data): self = .bytes(Array(data))
    case .string(let text): self = .bytes(Array(text.utf8))
    case .null: self = .none
    }
  }

  var databaseValue: DatabaseValue {
    switch self {
    case .none: .null
    case .number(let number): number.databaseValue
    case .bytes(let bytes): Data(bytes).databaseValue
    }
  }
}
