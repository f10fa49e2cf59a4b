/// What a source outside this module (a database) stores and compares to agree with the catalogue's own rules:
/// the text search folds, the title as sorted, and an item decoded from a record as the dataset readers do.
public enum ItemKeys {
  /// The item's searchable fields (title, shop, price, extra field values) folded as search folds them, one
  /// field per line: a folded term never holds a line break, so it never matches across two fields.
  public static func searchText(of item: ShopItem) -> String {
    var folder = ItemKeysFolder()
    return String(decoding: folder.searchText(of: item), as: UTF8.self)
  }

  /// The same for fields given as text, in that order.
  public static func searchText(ofFields fields: [String]) -> String {
    var folding = SearchFolding()
    return searchText(of: fields, folding: &folding)
  }

  private static func searchText(of fields: [String], folding: inout SearchFolding) -> String {
    String(decoding: searchBytes(of: fields, folding: &folding), as: UTF8.self)
  }

  static func searchBytes(of fields: [String], folding: inout SearchFolding) -> [UInt8] {
    var bytes: [UInt8] = []
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(0x0A) }
      folding.fold(field, into: &bytes)
    }
    return bytes
  }

  /// Bytes that compare (byte by byte, as SQLite compares blobs) as ``ItemOrder/title`` compares titles: the
  /// folded title's ``TitleCollation`` key, the one the in-memory title sort orders by.
  public static func titleSortKey(_ title: String) -> [UInt8] {
    var folder = ItemKeysFolder()
    return folder.titleSortKey(title)
  }

  /// The folded terms of a pattern, as ``searchText(of:)`` must contain them (each somewhere, none across lines).
  public static func terms(of query: ItemQuery) -> [String] {
    query.terms.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The folded words turned round (`-used`): none may be in ``searchText(of:)``.
  public static func excludedTerms(of query: ItemQuery) -> [String] {
    query.excludedTerms.map { String(decoding: $0, as: UTF8.self) }
  }

  /// A text folded as search folds it: what a condition's held text is looked for in.
  public static func folded(_ text: String) -> String {
    var folding = SearchFolding()
    return String(decoding: folding.fold(text), as: UTF8.self)
  }

  /// A record written as one JSON object (a server's `to_jsonb` of a row), decoded as a JSON Lines file's line is.
  public static func item(
    fromJSONObject bytes: [UInt8], file: String, number: Int
  ) -> Result<ShopItem, UnusableRecord> {
    func unusable(_ message: String) -> Result<ShopItem, UnusableRecord> {
      .failure(UnusableRecord(problems: [DatasetProblem(file: file, item: number, field: "row", message: message)]))
    }
    do {
      guard case .dictionary(let record) = try JSONReader.parse(bytes) else { return unusable("not a JSON object") }
      return item(from: record, file: file, number: number)
    } catch {
      return unusable(error.description)
    }
  }

  /// A record (field name → value) decoded as the dataset readers decode one: the item, or why it is unusable.
  public static func item(
    from record: [String: DatasetValue], file: String, number: Int
  ) -> Result<ShopItem, UnusableRecord> {
    switch ItemDecoder.decode(record, file: file, item: number) {
    case .item(let item): .success(item)
    case .unusable(let problems): .failure(UnusableRecord(problems: problems))
    }
  }
}

/// Why a record is not an item: its problems, each naming the file, the item and the field.
public struct UnusableRecord: Error, Hashable, Sendable {
  public var problems: [DatasetProblem]
}
