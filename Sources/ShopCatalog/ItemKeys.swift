/// What a source outside this module (a database) stores and compares to agree with the catalogue's own rules:
/// the text search folds, the title as sorted, and an item decoded from a record as the dataset readers do.
public enum ItemKeys {
  /// The item's searchable fields (title, shop, price, extra field values) folded as search folds them, one
  /// field per line: a folded term never holds a line break, so it never matches across two fields.
  public static func searchText(of item: ShopItem) -> String {
    var folding = SearchFolding()
    return searchText(of: [item.title, item.shop, item.price] + item.extraFields.map(\.value), folding: &folding)
  }

  /// The same for fields given as text, in that order.
  public static func searchText(ofFields fields: [String]) -> String {
    var folding = SearchFolding()
    return searchText(of: fields, folding: &folding)
  }

  private static func searchText(of fields: [String], folding: inout SearchFolding) -> String {
    var bytes: [UInt8] = []
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(0x0A) }
      folding.fold(field, into: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Bytes that compare (byte by byte, as SQLite compares blobs) as ``ItemOrder/title`` compares titles: folded,
  /// digit runs by number (each run written as its length, then its digits without leading zeros), an empty
  /// title last (a lone 0xFF, which UTF-8 never holds).
  public static func titleSortKey(_ title: String) -> [UInt8] {
    var folding = SearchFolding()
    let folded = TitleSortKey(title, folding: &folding).bytes
    if folded.isEmpty { return [0xFF] }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    var key: [UInt8] = []
    key.reserveCapacity(folded.count + 4)
    var index = 0
    while index < folded.count {
      guard isDigit(folded[index]) else {
        key.append(folded[index])
        index += 1
        continue
      }
      var start = index
      while start < folded.count && folded[start] == 0x30 { start += 1 }
      var end = start
      while end < folded.count && isDigit(folded[end]) { end += 1 }
      // A length byte is itself a digit ('0' to '9'), so against any other byte the run compares as a digit
      // would; '9' says "8 more, and more to come", so longer runs (larger numbers) sort later.
      var length = end - start
      while length > 8 {
        key.append(0x39)
        length -= 8
      }
      key.append(0x30 + UInt8(length))
      key += folded[start..<end]
      index = max(end, index + 1)
    }
    return key
  }

  /// The folded terms of a pattern, as ``searchText(of:)`` must contain them (each somewhere, none across lines).
  public static func terms(of query: ItemQuery) -> [String] {
    query.terms.map { String(decoding: $0, as: UTF8.self) }
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
