/// FNV-1a, 64 bits: a fast hash with good spread for names and checksums that need no secrecy (Foundation on
/// Linux has no SHA). Used for the disk cache's keys and checksums and the placeholders' looks.
public enum FNV1a {
  /// The usual offset basis.
  public static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

  @inlinable
  public static func hash(_ bytes: some Sequence<UInt8>, basis: UInt64 = basis) -> UInt64 {
    var hash = basis
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}
