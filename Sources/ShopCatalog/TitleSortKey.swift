/// A title folded for sorting (`ItemOrder.title`): compared byte by byte, digit runs by number, empty last.
struct TitleSortKey {
  let bytes: [UInt8]

  init(_ title: String, folding: inout SearchFolding) {
    let folded = folding.fold(title)
    let start = folded.firstIndex { $0 != 0x20 } ?? folded.endIndex
    let end = folded.lastIndex { $0 != 0x20 }.map { $0 + 1 } ?? start
    bytes = Array(folded[start..<max(start, end)])
  }

  /// Negative, zero or positive, in one pass (sorting calls this a million times for 100,000 titles).
  static func compare(_ left: TitleSortKey, _ right: TitleSortKey) -> Int {
    left.bytes.withUnsafeBufferPointer { a in
      right.bytes.withUnsafeBufferPointer { b in
        if a.isEmpty || b.isEmpty { return (a.isEmpty ? 1 : 0) - (b.isEmpty ? 1 : 0) }
        var (i, j) = (0, 0)
        while i < a.count && j < b.count {
          if isDigit(a[i]) && isDigit(b[j]) {
            // Skip leading zeros, then the longer run is the larger number; equal lengths compare digit by digit.
            var (aStart, bStart) = (i, j)
            while aStart < a.count && a[aStart] == 0x30 { aStart += 1 }
            while bStart < b.count && b[bStart] == 0x30 { bStart += 1 }
            var (aEnd, bEnd) = (aStart, bStart)
            while aEnd < a.count && isDigit(a[aEnd]) { aEnd += 1 }
            while bEnd < b.count && isDigit(b[bEnd]) { bEnd += 1 }
            if aEnd - aStart != bEnd - bStart { return (aEnd - aStart) - (bEnd - bStart) }
            for offset in 0..<(aEnd - aStart) where a[aStart + offset] != b[bStart + offset] {
              return Int(a[aStart + offset]) - Int(b[bStart + offset])
            }
            (i, j) = (aEnd, bEnd)
          } else {
            if a[i] != b[j] { return Int(a[i]) - Int(b[j]) }
            (i, j) = (i + 1, j + 1)
          }
        }
        // Titles equal but for leading zeros ("item 7", "item 007") tie: dataset order decides.
        return (i < a.count ? 1 : 0) - (j < b.count ? 1 : 0)
      }
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
