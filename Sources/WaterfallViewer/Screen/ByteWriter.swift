import ShopCatalog

/// Bytes written through a pointer into memory of its own, grown by doubling. The frame encoder writes a
/// recording's megabytes a byte or a few at a time, and a tape takes every frame's text; an array checks at
/// every append that its buffer is unique, which cost more than the writing.
struct ByteWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(64, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// What has been written.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// The low `length` bytes of `bits`, first byte lowest (``CellCharacter``'s inline form): one store.
  @inline(__always)
  mutating func append(packed bits: UInt64, length: Int) {
    reserve(8)
    UnsafeMutableRawPointer(base + count).storeBytes(of: bits.littleEndian, as: UInt64.self)
    count += length
  }

  /// Takes back the `byte`s at the end, down to `count` bytes at least (a row's trailing spaces).
  mutating func removeTrailing(_ byte: UInt8, keepingAtLeast minimum: Int) {
    while count > minimum, base[count - 1] == byte { count -= 1 }
  }

  /// `value` (not negative) in decimal digits.
  mutating func appendDecimal(_ value: Int) {
    // Rows, columns and colour parts are below 1,000: their digits without recursion.
    let zero = UInt8(ascii: "0")
    if value >= 1000 { appendDecimal(value / 1000) }
    if value >= 100 { append(zero + UInt8(value / 100 % 10)) }
    if value >= 10 { append(zero + UInt8(value / 10 % 10)) }
    append(zero + UInt8(value % 10))
  }

  /// Whether `byte` of UTF-8 text must be escaped in a JSON string (``JSONString``, the one escaper).
  @inline(__always)
  static func needsJSONEscape(_ byte: UInt8) -> Bool { JSONString.needsEscape(byte) }

  /// One byte of UTF-8 text as it goes in a JSON string (``JSONString``): quotes, backslashes and control
  /// characters escaped, the rest (multi-byte characters' bytes included) as it is.
  @inline(__always)
  mutating func appendJSONEscaped(_ byte: UInt8) {
    guard JSONString.needsEscape(byte) else {
      append(byte)
      return
    }
    var (word, count) = JSONString.escape(byte)
    for _ in 0..<count {
      append(UInt8(truncatingIfNeeded: word))
      word >>= 8
    }
  }

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    (base, capacity) = (newBase, newCapacity)
  }
}
