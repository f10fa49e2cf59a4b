/// Where one item sits, in 8 bytes: its top in rows below the layout's ``WaterfallLayout/itemsTop`` (37 bits), its
/// height (16 bits) and its column (11 bits). A layout of 10^7 items keeps one per item, so the bytes are the
/// memory a full layout costs and what laying it out faults in.
struct ItemPlace {
  static let topBits = 37
  static let heightBits = 16
  static let columnBits = 11

  /// The largest top (relative to the items' first row) a place holds: 2^37 − 1 rows.
  static let maximumTop = (1 << topBits) - 1
  static let maximumHeight = (1 << heightBits) - 1
  static let maximumColumns = 1 << columnBits

  let bits: UInt64

  /// `top` in `0 ... maximumTop`, `height` in `1 ... maximumHeight`, `column` below `maximumColumns` (the
  /// layout clamps heights and column counts, and checks tops, before it packs).
  @inline(__always)
  init(top: Int, height: Int, column: Int) {
    bits =
      UInt64(truncatingIfNeeded: top) << (Self.heightBits + Self.columnBits)
      | UInt64(truncatingIfNeeded: height) << Self.columnBits | UInt64(truncatingIfNeeded: column)
  }

  @inline(__always)
  var top: Int { Int(truncatingIfNeeded: bits >> (Self.heightBits + Self.columnBits)) }

  @inline(__always)
  var height: Int { Int(truncatingIfNeeded: (bits >> Self.columnBits) & UInt64(Self.maximumHeight)) }

  @inline(__always)
  var column: Int { Int(truncatingIfNeeded: bits & UInt64(Self.maximumColumns - 1)) }
}
