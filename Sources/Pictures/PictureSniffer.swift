/// Tells pictures from everything else by their first bytes, whatever a server's Content-Type claims.
public enum PictureSniffer {
  /// Enough bytes to tell every allowed format.
  public static let prefixLength = 12

  /// Nil when `prefix` starts a JPEG, PNG, WebP or GIF; else what it looks like, for the failure's reason.
  public static func problem(with prefix: some Collection<UInt8>) -> String? {
    let bytes = Array(prefix.prefix(prefixLength))
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return nil }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return nil }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return nil }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      return nil
    }
    if bytes.isEmpty { return "an empty body, not a picture" }
    let text = String(decoding: bytes, as: UTF8.self).drop { $0.isWhitespace }.lowercased()
    if text.hasPrefix("<") { return "an HTML or XML page, not a picture" }
    return "not a JPEG, PNG, WebP or GIF picture"
  }
}
