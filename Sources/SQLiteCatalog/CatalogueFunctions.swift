import Foundation
import GRDB
import ShopCatalog

/// SQL functions that apply the catalogue's own rules inside a query, registered on every connection: for a
/// table opened with `--table` (which has no stored keys) they compute in the query what `waterfall import`
/// stores, and the import calls the same Swift, so both agree.
enum CatalogueFunctions {
  /// The price value for sorting lowest first; +∞ when unreadable, so it goes last.
  static func priceUp(_ price: String) -> Double {
    PriceValue.number(price) ?? .infinity
  }

  /// The price value for sorting highest first (its negation); +∞ when unreadable, so it goes last too.
  static func priceDown(_ price: String) -> Double {
    let up = priceUp(price)
    return up == .infinity ? .infinity : -up
  }

  /// A column's value as a dataset field holds it (what the item decoder reads), nil for NULL.
  static func datasetValue(_ value: DatabaseValue) -> DatasetValue? {
    switch value.storage {
    case .null: nil
    case .int64(let number): .integer(Int(number))
    case .double(let number): .real(number)
    case .string(let text): .string(text)
    case .blob(let data): .string(String(decoding: data, as: UTF8.self))
    }
  }

  /// A value as text, as the item decoder makes text of a number.
  static func text(_ value: DatabaseValue) -> String {
    datasetValue(value)?.displayText ?? ""
  }

  static let all: [DatabaseFunction] = [
    DatabaseFunction("waterfall_price_up", argumentCount: 1, pure: true) { values in
      priceUp(text(values[0]))
    },
    DatabaseFunction("waterfall_price_down", argumentCount: 1, pure: true) { values in
      priceDown(text(values[0]))
    },
    DatabaseFunction("waterfall_title_key", argumentCount: 1, pure: true) { values in
      Data(ItemKeys.titleSortKey(text(values[0])))
    },
    // The fields folded for search, one per line, in the order given (title, shop, price, the others).
    DatabaseFunction("waterfall_search_text", argumentCount: nil, pure: true) { values in
      ItemKeys.searchText(ofFields: values.map(text))
    },
    // The filter language's conditions on fields (``FieldCondition``): a value folded as a search folds it, and
    // a value read as a number as a price is read (NULL when unreadable).
    DatabaseFunction("waterfall_fold", argumentCount: 1, pure: true) { values in
      ItemKeys.folded(text(values[0]))
    },
    DatabaseFunction("waterfall_number", argumentCount: 1, pure: true) { values in
      PriceValue.number(text(values[0]))
    },
    // A section's value: the value as stored, NULL when missing or only whitespace (those form the last section).
    DatabaseFunction("waterfall_group_value", argumentCount: 1, pure: true) { values in
      let value = text(values[0])
      return value.contains(where: { !$0.isWhitespace }) ? value : nil
    },
  ]

  static func register(in db: Database) {
    for function in all { db.add(function: function) }
  }
}
