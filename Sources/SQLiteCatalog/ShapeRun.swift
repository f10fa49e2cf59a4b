import Foundation
import ShopCatalog

/// The shapes of a run of consecutive rows of one order, packed into one blob at import (``CatalogueShapes``), so
/// that `G` reads ~10 bytes a row instead of every row's page. Little-endian, in this order:
///
/// - a format byte: bit 0 set when the sides are 64-bit floats (else whole numbers in 16 bits, the usual case),
///   bit 1 set when the row ids are consecutive (only the first is written);
/// - the row count (32 bits), then the row ids (64 bits each, or the first one alone);
/// - every width, then every height; every title width (16 bits); every title look (32 bits).
///
/// A blob is read from an untrusted file: one whose length does not match its header decodes to `nil`.
struct ShapeRun: Equatable {
  var ids: [Int64] = []
  var shapes = MeasuredShapes()

  private static let wideSides: UInt8 = 1
  private static let consecutiveIDs: UInt8 = 2

  var count: Int { ids.count }

  mutating func append(id: Int64, width: Double, height: Double, title: TitleMetrics) {
    ids.append(id)
    shapes.append(width: width, height: height, title: title)
  }

  var encoded: Data {
    let narrow = shapes.sides.allSatisfy { $0 >= 1 && $0 <= 65_535 && $0.rounded() == $0 }
    let consecutive = zip(ids, ids.dropFirst()).allSatisfy { $1 == $0 &+ 1 }
    var data = Data()
    data.reserveCapacity(5 + 8 * count + (narrow ? 4 : 16) * count + 6 * count)
    data.append((narrow ? 0 : Self.wideSides) | (consecutive ? Self.consecutiveIDs : 0))
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    put(UInt32(count))
    for id in consecutive ? Array(ids.prefix(1)) : ids { put(id) }
    for index in 0..<count { narrow ? put(UInt16(shapes.sides[2 * index])) : put(shapes.sides[2 * index].bitPattern) }
    for index in 0..<count {
      narrow ? put(UInt16(shapes.sides[2 * index + 1])) : put(shapes.sides[2 * index + 1].bitPattern)
    }
    for width in shapes.titleWidths { put(width) }
    for look in shapes.looks { put(look) }
    return data
  }

  /// The run `data` encodes, or `nil` when it is not one.
  init?(_ data: Data) {
    guard let decoded = data.withUnsafeBytes({ Self.decode($0) }) else { return nil }
    self = decoded
  }

  init() {}

  private static func decode(_ bytes: UnsafeRawBufferPointer) -> ShapeRun? {
    guard bytes.count >= 5 else { return nil }
    let format = bytes[0]
    guard format & ~(wideSides | consecutiveIDs) == 0 else { return nil }
    let count = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt32.self)))
    let wide = format & wideSides != 0
    let consecutive = format & consecutiveIDs != 0
    let idBytes = consecutive ? (count > 0 ? 8 : 0) : 8 * count
    let sideBytes = wide ? 8 : 2
    guard bytes.count == 5 + idBytes + 2 * sideBytes * count + 6 * count else { return nil }
    var offset = 5
    func take<T: FixedWidthInteger>(_: T.Type) -> T {
      defer { offset += MemoryLayout<T>.size }
      return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
    var run = ShapeRun()
    run.ids.reserveCapacity(count)
    if consecutive {
      if count > 0 {
        let first = take(Int64.self)
        for index in 0..<count { run.ids.append(first &+ Int64(index)) }
      }
    } else {
      for _ in 0..<count { run.ids.append(take(Int64.self)) }
    }
    func side() -> Double { wide ? Double(bitPattern: take(UInt64.self)) : Double(take(UInt16.self)) }
    var sides = [Double](repeating: 0, count: 2 * count)
    for index in 0..<count { sides[2 * index] = side() }
    for index in 0..<count { sides[2 * index + 1] = side() }
    var widths: [UInt16] = []
    widths.reserveCapacity(count)
    for _ in 0..<count { widths.append(take(UInt16.self)) }
    run.shapes.reserveCapacity(count)
    for index in 0..<count {
      // A side written by hand as 0, NaN or negative is measured as the row path measures it: 1.
      let (width, height) = (sides[2 * index], sides[2 * index + 1])
      run.shapes.append(
        width: width.isFinite && width > 0 ? width : 1, height: height.isFinite && height > 0 ? height : 1,
        title: TitleMetrics(width: widths[index], look: take(UInt32.self)))
    }
    return run
  }
}
