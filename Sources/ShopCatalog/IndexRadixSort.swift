/// A stable sort of item indices by 64-bit keys: least significant 16 bits first, four counting passes at most,
/// a pass skipped when every key has the same digit there. A million keys sort in a few tens of milliseconds,
/// where a comparison sort calling a closure takes most of a second.
enum IndexRadixSort {
  /// `indices` reordered so their keys ascend (`keys[k]` is the key of `indices[k]`, and moves with it); equal
  /// keys keep their order.
  static func sort(_ indices: inout [Int32], keys keyBuffer: inout [UInt64]) {
    let count = indices.count
    guard count > 1 else { return }
    var otherKeys = [UInt64](repeating: 0, count: count)
    var otherIndices = [Int32](repeating: 0, count: count)
    var counts = [Int](repeating: 0, count: 4 << 16)
    keyBuffer.withUnsafeBufferPointer { key in
      counts.withUnsafeMutableBufferPointer { counts in
        for value in key {
          for digit in 0..<4 { counts[digit << 16 | Int(truncatingIfNeeded: value >> (16 * digit) & 0xFFFF)] += 1 }
        }
      }
    }
    for digit in 0..<4 {
      let shift = UInt64(16 * digit)
      let base = digit << 16
      // Every key has the same digit here: nothing moves.
      if counts[base | Int(truncatingIfNeeded: keyBuffer[0] >> shift & 0xFFFF)] == count { continue }
      var sum = 0
      for bucket in base..<(base + (1 << 16)) {
        let bucketCount = counts[bucket]
        counts[bucket] = sum
        sum += bucketCount
      }
      keyBuffer.withUnsafeBufferPointer { sourceKeys in
        indices.withUnsafeBufferPointer { sourceIndices in
          otherKeys.withUnsafeMutableBufferPointer { targetKeys in
            otherIndices.withUnsafeMutableBufferPointer { targetIndices in
              counts.withUnsafeMutableBufferPointer { offsets in
                for position in 0..<count {
                  let value = sourceKeys[position]
                  let bucket = base | Int(truncatingIfNeeded: value >> shift & 0xFFFF)
                  let target = offsets[bucket]
                  offsets[bucket] = target + 1
                  targetKeys[target] = value
                  targetIndices[target] = sourceIndices[position]
                }
              }
            }
          }
        }
      }
      swap(&keyBuffer, &otherKeys)
      swap(&indices, &otherIndices)
    }
  }

  /// `value`'s bits reordered so that unsigned comparison of the results orders the Doubles (finite ones).
  static func orderedBits(_ value: Double) -> UInt64 {
    let bits = value.bitPattern
    return bits & (1 << 63) == 0 ? bits | (1 << 63) : ~bits
  }
}
