import CZlib

/// The pixels of an 8-bit RGB PNG with filter 0 on every row (what ``PNGFile`` writes), read back for checks.
struct DecodedPNG {
  let width: Int
  let height: Int
  let rgb: [UInt8]

  init(_ bytes: [UInt8]) throws {
    guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      throw DecodeError("not a PNG")
    }
    var offset = 8
    var width = 0
    var height = 0
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      if type == "IHDR" {
        width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
        height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
        guard body[8] == 8, body[9] == 2 else { throw DecodeError("not 8-bit RGB") }
      } else if type == "IDAT" {
        compressed += body
      }
      offset += 12 + length
    }
    var size = uLongf(height * (width * 3 + 1))
    var raw = [UInt8](repeating: 0, count: Int(size))
    let status = uncompress(&raw, &size, compressed, uLong(compressed.count))
    guard status == Z_OK, Int(size) == raw.count else { throw DecodeError("bad zlib stream") }
    var rgb: [UInt8] = []
    for row in 0..<height {
      let start = row * (width * 3 + 1)
      guard raw[start] == 0 else { throw DecodeError("a row with a filter") }
      rgb += raw[(start + 1)..<(start + 1 + width * 3)]
    }
    (self.width, self.height, self.rgb) = (width, height, rgb)
  }

  func pixel(_ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * width + x) * 3
    return Array(rgb[offset..<offset + 3])
  }
}

/// A GIF's structure: size, the loop extension's count, each frame's delay (centiseconds).
struct GIFStructure {
  var width = 0
  var height = 0
  var loopCount: Int?
  var delays: [Int] = []

  init(_ bytes: [UInt8]) throws {
    let screen = try GIFScreen(bytes)
    (width, height) = (screen.width, screen.height)
    var offset = screen.end
    var pendingDelay: Int?
    func skipSubBlocks() {
      while offset < bytes.count, bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
      offset += 1
    }
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x21:
        let label = bytes[offset + 1]
        if label == 0xF9 {
          pendingDelay = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8
        } else if label == 0xFF, String(decoding: bytes[(offset + 3)..<(offset + 14)], as: UTF8.self) == "NETSCAPE2.0" {
          loopCount = Int(bytes[offset + 16]) | Int(bytes[offset + 17]) << 8
        }
        offset += 2
        skipSubBlocks()
      case 0x2C:
        let packed = bytes[offset + 9]
        offset += 10
        if packed & 0x80 != 0 { offset += 3 << (Int(packed & 7) + 1) }
        offset += 1  // LZW minimum code size
        skipSubBlocks()
        delays.append(pendingDelay ?? 0)
        pendingDelay = nil
      case 0x3B:
        return
      default:
        throw DecodeError("unexpected block \(bytes[offset]) at \(offset)")
      }
    }
    throw DecodeError("no trailer")
  }
}

struct DecodeError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
