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
    let payload = Array(Data(deflated.bytes).base64EncodedString().utf8)
    let format = deflated.channels == 3 ? 24 : 32
    var commands: [[UInt8]] = []
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkSize)
      let more = end < payload.count ? 1 : 0
      let keys =
        start == 0
        ? "a=t,f=\(format),o=z,s=\(picture.width),v=\(picture.height),i=\(id),q=2,m=\(more)" : "m=\(more),q=2"
      commands.append(command(keys, payload: payload[start..<end]))
      start = end
    } while start < payload.count
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
