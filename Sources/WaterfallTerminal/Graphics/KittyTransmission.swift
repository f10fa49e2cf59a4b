import Foundation
import Pictures

/// How one picture travels to kitty: deflated (`o=z`), in RGB when it is opaque, base64 in chunks, quietly, under
/// an image id. Public for the benchmarks, which weigh it against other tools' output for the same picture.
public enum KittyTransmission {
  /// The base64 payload of one chunk (the protocol's limit is 4096).
  static let chunkSize = 4096

  /// The commands that send `picture` as image `id`, each a whole APC sequence (tmux passthrough wraps each alone).
  public static func commands(for picture: PixelPicture, id: UInt32) -> [[UInt8]] {
    // Deflated: a tenth to a half of the raw pixels' bytes. The drawing thread deflated it already when the
    // viewer runs in kitty mode; a picture made without (tests) is done here.
    let deflated = picture.deflated ?? DeflatedPixels(rgba: picture.pixels)
    let format = deflated.channels == 3 ? 24 : 32
    // Each chunk's base64 is written straight into its command (3 bytes in, 4 out, so a whole chunk is 3072
    // deflated bytes): Foundation's base64 string, then its UTF-8 copy and the chunks' copies took a sixth of a
    // picture's instructions after the deflate got faster.
    let bytesPerChunk = chunkSize / 4 * 3
    var commands: [[UInt8]] = []
    commands.reserveCapacity(deflated.bytes.count / bytesPerChunk + 1)
    deflated.bytes.withUnsafeBufferPointer { source in
      var start = 0
      repeat {
        let end = min(source.count, start + bytesPerChunk)
        let more = end < source.count ? 1 : 0
        let keys =
          start == 0
          ? "a=t,f=\(format),o=z,s=\(picture.width),v=\(picture.height),i=\(id),q=2,m=\(more)" : "m=\(more),q=2"
        let head = Array("\u{1B}_G\(keys);".utf8)
        let length = head.count + Base64.encodedCount(end - start) + 2
        commands.append(
          [UInt8](unsafeUninitializedCapacity: length) { command, count in
            _ = command.initialize(from: head)
            Base64.encode(
              UnsafeBufferPointer(rebasing: source[start..<end]), into: command.baseAddress! + head.count)
            command[length - 2] = 0x1B
            command[length - 1] = UInt8(ascii: "\\")
            count = length
          })
        start = end
      } while start < source.count
    }
    return commands
  }

  /// One graphics command: `ESC _ G keys ; payload ESC \`.
  static func command(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
    var bytes = Array("\u{1B}_G\(keys)".utf8)
    if !payload.isEmpty { bytes += [UInt8(ascii: ";")] + payload }
    bytes += [0x1B, UInt8(ascii: "\\")]
    return bytes
  }
}
