import Locking

/// What a screen cell shows, as plain data: the grapheme cluster's UTF-8 bytes held inline (up to eight: ASCII,
/// CJK, box drawing, most emoji and flags), or the number of a longer cluster interned once for the whole process.
/// A frame is copied, compared and encoded for every step of a tape; a `Character` made each of those a string
/// operation with reference counting, this makes them integer operations.
///
/// Two values are equal when their bytes are (interning gives equal bytes one number), so a cluster and a
/// canonically equivalent spelling of it differ here, as they do on the wire to a terminal.
public struct CellCharacter: Hashable, Sendable, BitwiseCopyable {
  /// The bytes, first byte lowest; or, when `length` is `interned`, the cluster's number in ``LongClusters``.
  private var bits: UInt64
  /// How many bytes are inline: 0 for none (the right half of a wide character), or `interned`.
  private var length: UInt8

  private static let interned = UInt8.max
  private static let inlineCapacity = 8

  /// No character: the right half of a wide character.
  public static let none = CellCharacter(bits: 0, length: 0)
  public static let space = CellCharacter(ascii: UInt8(ascii: " "))
  /// U+FFFD, its three bytes inline.
  static let replacement = CellCharacter(bits: 0xBD_BFEF, length: 3)

  private init(bits: UInt64, length: UInt8) { (self.bits, self.length) = (bits, length) }

  /// One ASCII byte.
  public init(ascii: UInt8) { self.init(bits: UInt64(ascii), length: 1) }

  public init(_ character: Character) {
    // The bytes in place when the character's string has them contiguous (small strings do): a third of the
    // cost of walking its UTF-8 view.
    let packed: CellCharacter?? = character.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.count <= Self.inlineCapacity else { return nil }
      var bits: UInt64 = 0
      for (offset, byte) in bytes.enumerated() { bits |= UInt64(byte) << (8 * offset) }
      return CellCharacter(bits: bits, length: UInt8(bytes.count))
    }
    if let packed = packed ?? nil {
      self = packed
      return
    }
    var bits: UInt64 = 0
    var count = 0
    for byte in character.utf8 {
      guard count < Self.inlineCapacity else {
        // Past the table's bound (a hostile catalogue's millions of distinct clusters), U+FFFD stands in.
        guard let number = LongClusters.number(of: character) else {
          self = Self.replacement
          return
        }
        self.init(bits: UInt64(number), length: Self.interned)
        return
      }
      bits |= UInt64(byte) << (8 * count)
      count += 1
    }
    self.init(bits: bits, length: UInt8(count))
  }

  public var isNone: Bool { length == 0 }

  /// The cluster as a `Character`, or `nil` for none.
  public var character: Character? {
    switch length {
    case 0: nil
    case Self.interned: LongClusters.cluster(number: Int(bits))
    default:
      withUnsafeBytes(of: bits.littleEndian) { Character(String(decoding: $0.prefix(Int(length)), as: UTF8.self)) }
    }
  }

  /// The single byte when the character is ASCII.
  public var asciiValue: UInt8? { length == 1 && bits < 0x80 ? UInt8(truncatingIfNeeded: bits) : nil }

  /// Appends the cluster's UTF-8 bytes (nothing for none).
  public func appendUTF8(to bytes: inout [UInt8]) {
    switch length {
    case 0: return
    case 1: bytes.append(UInt8(truncatingIfNeeded: bits))
    case Self.interned: bytes += LongClusters.cluster(number: Int(bits)).utf8
    default:
      // Byte by byte: a slice of the integer's bytes goes through a generic copy that costs more than this.
      var rest = bits
      for _ in 0..<length {
        bytes.append(UInt8(truncatingIfNeeded: rest))
        rest >>= 8
      }
    }
  }

  /// Writes the cluster's UTF-8 bytes (nothing for none), as the inside of a JSON string when
  /// `escapingForJSON` (a recording's output event).
  func write(to writer: inout ByteWriter, escapingForJSON: Bool) {
    switch length {
    case 0: return
    case Self.interned:
      for byte in LongClusters.cluster(number: Int(bits)).utf8 {
        if escapingForJSON { writer.appendJSONEscaped(byte) } else { writer.append(byte) }
      }
    default:
      if escapingForJSON {
        // Only ASCII bytes can need an escape, and only a quote, a backslash or a control character does.
        var rest = bits
        for _ in 0..<length {
          if ByteWriter.needsJSONEscape(UInt8(truncatingIfNeeded: rest)) {
            escapeEachByte(to: &writer)
            return
          }
          rest >>= 8
        }
      }
      writer.append(packed: bits, length: Int(length))
    }
  }

  private func escapeEachByte(to writer: inout ByteWriter) {
    var rest = bits
    for _ in 0..<length {
      writer.appendJSONEscaped(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }
}

/// The clusters too long to hold inline, each numbered once for the process (a catalogue has few: emoji ZWJ
/// sequences, letters under several marks), so equal clusters get equal numbers.
private enum LongClusters {
  private static let table = Locked(LongClusterTable(capacity: 16 << 20))

  /// The cluster's number; nil once the table is full.
  static func number(of cluster: Character) -> Int? {
    table.withLock { $0.number(of: cluster) }
  }

  static func cluster(number: Int) -> Character {
    table.withLock { $0.clusters[number] }
  }
}

/// Numbered clusters, at most `capacity` bytes of them: the table is never emptied (cells hold the numbers), so it
/// stops taking new clusters instead.
struct LongClusterTable {
  let capacity: Int
  /// By bytes, not by `String`: a canonically equivalent spelling is another cluster on the wire.
  private var numbers: [[UInt8]: Int] = [:]
  private(set) var clusters: [Character] = []
  private var bytes = 0

  init(capacity: Int) { self.capacity = capacity }

  mutating func number(of cluster: Character) -> Int? {
    let key = Array(cluster.utf8)
    if let number = numbers[key] { return number }
    guard bytes + key.count <= capacity else { return nil }
    bytes += key.count
    clusters.append(cluster)
    numbers[key] = clusters.count - 1
    return clusters.count - 1
  }
}
