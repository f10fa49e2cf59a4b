/// The facet panel's counts over the columns: each value's bytes counted where they are stored, no string made.
extension ItemColumns {
  /// How the items at `order` (every item when nil) divide by `field`'s values, compared byte for byte as stored;
  /// nil when `cancellation` stops it (looked at every few thousand items).
  func facet(_ field: ItemField, of order: [Int32]?, limit: Int, cancellation: WorkCancellation) -> FacetCounts? {
    var counts: [[UInt8]: Int] = [:]
    // The text fields' values counted as slices of the one buffer, made arrays once per distinct value.
    var slices: [ArraySlice<UInt8>: Int] = [:]
    var missing = 0
    for position in 0..<(order?.count ?? count) {
      if position % 4096 == 0, cancellation.isCancelled { return nil }
      let index = order.map { Int($0[position]) } ?? position
      switch field {
      case .shop, .price, .title:
        let bytes = textBytes(field == .shop ? .shop : field == .price ? .price : .title, of: index)
        if Self.isBlank(bytes) { missing += 1 } else { slices[bytes, default: 0] += 1 }
      case .extra:
        if let value = value(of: field, at: index) { counts[Array(value.utf8), default: 0] += 1 } else { missing += 1 }
      }
    }
    for (bytes, count) in slices { counts[Array(bytes)] = count }
    return FacetCounts(field: field, counting: counts, missing: missing, limit: limit)
  }

  /// Nothing but whitespace (or nothing), as ``value(of:at:)`` counts a missing value; any printable ASCII
  /// character settles it at once (`¥99` by its digits), without a string made.
  static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    if bytes.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
    return !String(decoding: bytes, as: UTF8.self).contains { !$0.isWhitespace }
  }
}
