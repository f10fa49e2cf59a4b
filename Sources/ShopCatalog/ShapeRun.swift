import Foundation

/// The shapes of a run of consecutive rows of one order, packed into one blob at import (``ShapeRuns``), so
/// that `G` reads ~14 bytes a row instead of every row's page. Little-endian, in this order:
///
/// - a format byte: bit 0 set when the sides are 64-bit floats (else whole numbers in 16 bits, the usual case),
///   bit 1 set when the row ids are consecutive (only the first is written);
/// - the row count (32 bits), then the row ids (64 bits each, or the first one alone);
/// - every width, then every height; every title width (16 bits); every title look (32 bits).
///
/// A blob is read from an untrusted file or server: one whose length does not match its header decodes to `nil`.
public struct ShapeRun: Equatable, Sendable {
  public var ids: [Int64] = []
  /// Each row's width then height, as ``MeasuredShapes/sides``.
  public var sides: [Double] = []
  public var titleWidths: [UInt16] = []
  public var looks: [UInt32] = []

  private static let wideSides: UInt8 = 1
  private static let consecutiveIDs: UInt8 = 2

  public var count: Int { ids.count }

  public init() {}

  public mutating func append(id: Int64, width: Double, height: Double, title: TitleMetrics) {
    ids.append(id)
    sides.append(width)
    sides.append(height)
    titleWidths.append(title.width)
    looks.append(title.look)
  }

  /// Written in place into a buffer of the exact size: an import packs every row once per order, and growing a
  /// `Data` a few bytes at a time took most of that (1.6 s an order at 10^6 rows).
  public var encoded: Data {
    let narrow = sides.allSatisfy { $0 >= 1 && $0 <= 65_535 && $0.rounded() == $0 }
    let consecutive = zip(ids, ids.dropFirst()).allSatisfy { $1 == $0 &+ 1 }
    let writtenIDs = consecutive ? ids.prefix(1) : ids[...]
    let sideBytes = narrow ? 2 : 8
    var data = Data(count: 5 + 8 * writtenIDs.count + 2 * sideBytes * count + 6 * count)
    data.withUnsafeMutableBytes { bytes in
      var offset = 0
      func put<T: FixedWidthInteger>(_ value: T) {
        bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
      }
      func put(side: Double) { narrow ? put(UInt16(side)) : put(side.bitPattern) }
      put((narrow ? 0 : Self.wideSides) | (consecutive ? Self.consecutiveIDs : 0))
      put(UInt32(count))
      for id in writtenIDs { put(id) }
      for index in 0..<count { put(side: sides[2 * index]) }
      for index in 0..<count { put(side: sides[2 * index + 1]) }
      for width in titleWidths { put(width) }
      for look in looks { put(look) }
    }
    return data
  }

  /// The run `bytes` encode, or `nil` when they are not one.
  public init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 5 else { return nil }
    let format = bytes[0]
    guard format & ~(Self.wideSides | Self.consecutiveIDs) == 0 else { return nil }
    let count = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt32.self)))
    let wide = format & Self.wideSides != 0
    let consecutive = format & Self.consecutiveIDs != 0
    let idBytes = consecutive ? (count > 0 ? 8 : 0) : 8 * count
    let sideBytes = wide ? 8 : 2
    guard bytes.count == 5 + idBytes + 2 * sideBytes * count + 6 * count else { return nil }
    func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
      T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
    func column<T>(_ count: Int, _ value: (Int) -> T) -> [T] {
      [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count { (buffer.baseAddress! + index).initialize(to: value(index)) }
        initialized = count
      }
    }
    let firstID = consecutive && count > 0 ? load(Int64.self, at: 5) : 0
    ids = column(count) { consecutive ? firstID &+ Int64($0) : load(Int64.self, at: 5 + 8 * $0) }
    let widthsAt = 5 + idBytes
    let heightsAt = widthsAt + sideBytes * count
    // A side written by hand as 0, NaN or negative is measured as the row path measures it: 1.
    sides = column(2 * count) { index in
      let offset = (index.isMultiple(of: 2) ? widthsAt : heightsAt) + sideBytes * (index / 2)
      let side = wide ? Double(bitPattern: load(UInt64.self, at: offset)) : Double(load(UInt16.self, at: offset))
      return side.isFinite && side > 0 ? side : 1
    }
    let titleWidthsAt = heightsAt + sideBytes * count
    titleWidths = column(count) { load(UInt16.self, at: titleWidthsAt + 2 * $0) }
    let looksAt = titleWidthsAt + 2 * count
    looks = column(count) { load(UInt32.self, at: looksAt + 4 * $0) }
  }
}
