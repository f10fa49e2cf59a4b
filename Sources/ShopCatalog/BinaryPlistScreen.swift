/// Looks through a binary property list's objects before Foundation reads it. On Linux, Foundation crashes (a
/// null pointer in Swift's runtime) when it turns a set it parsed into a Swift value, found by the plist fuzz
/// target; a catalogue has no use for sets, so a file holding one is refused in words. Every other kind, and a
/// table that does not add up, is left to Foundation, which reads it or refuses it with its own message.
enum BinaryPlistScreen {
  /// Why the file cannot be read, or nil when Foundation may read it.
  static func refusal(_ bytes: [UInt8]) -> String? {
    guard let table = ObjectTable(bytes) else { return nil }
    for index in 0..<table.count {
      guard let offset = table.offset(of: index), offset < bytes.count else { return nil }
      // 0xB: an ordered set, 0xC: a set (the high nibble of an object's marker byte is its kind).
      if [0xB, 0xC].contains(bytes[offset] >> 4) {
        return "a set (object \(index)), which a catalogue does not use"
      }
    }
    return nil
  }

  /// Where each object starts, from the trailer's offset table.
  private struct ObjectTable {
    let bytes: [UInt8]
    let offsetSize: Int
    let count: Int
    let tableStart: Int

    init?(_ bytes: [UInt8]) {
      guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
      let trailer = bytes.count - 32
      offsetSize = Int(bytes[trailer + 6])
      guard (1...8).contains(offsetSize),
        let count = Self.integer(bytes, at: trailer + 8, size: 8),
        let tableStart = Self.integer(bytes, at: trailer + 24, size: 8),
        tableStart < trailer, count <= (trailer - tableStart) / offsetSize
      else { return nil }
      (self.bytes, self.count, self.tableStart) = (bytes, count, tableStart)
    }

    func offset(of object: Int) -> Int? {
      Self.integer(bytes, at: tableStart + object * offsetSize, size: offsetSize)
    }

    /// A big-endian unsigned integer, nil when it runs past the end or does not fit an Int.
    static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
      guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
      var value: UInt64 = 0
      for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
  }
}
