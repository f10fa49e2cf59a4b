/// Every frame of a GIF as a viewer shows it: each image's LZW codes decoded by the format's rules, drawn at its
/// place over the frame before, its transparent index letting that frame show through (disposal "leave" only:
/// the kind the encoder writes). An oracle written from the GIF89a specification, not from the encoder.
struct DecodedGIF {
  let width: Int
  let height: Int
  /// RGB bytes of each frame, composited.
  private(set) var frames: [[UInt8]] = []

  init(_ bytes: [UInt8]) throws {
    let screen = try GIFScreen(bytes)
    (width, height) = (screen.width, screen.height)
    var offset = screen.end
    let palette = screen.palette
    var shown = [UInt8](repeating: 0, count: width * height * 3)
    var transparent: Int?
    func subBlocks() -> [UInt8] {
      var data: [UInt8] = []
      while bytes[offset] != 0 {
        let length = Int(bytes[offset])
        data += bytes[(offset + 1)..<(offset + 1 + length)]
        offset += length + 1
      }
      offset += 1
      return data
    }
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x21:
        let label = bytes[offset + 1]
        offset += 2
        let body = subBlocks()
        if label == 0xF9 {
          guard (body[0] >> 2) & 7 <= 1 else { throw DecodeError("a disposal other than leave") }
          transparent = body[0] & 1 != 0 ? Int(body[3]) : nil
        }
      case 0x2C:
        let field = { (at: Int) in Int(bytes[offset + at]) | Int(bytes[offset + at + 1]) << 8 }
        let (left, top, frameWidth, frameHeight) = (field(1), field(3), field(5), field(7))
        let packed = bytes[offset + 9]
        guard packed & 0xC0 == 0 else { throw DecodeError("a local table or interlacing") }
        let minimumCodeSize = Int(bytes[offset + 10])
        offset += 11
        let indices = try Self.lzw(subBlocks(), minimumCodeSize: minimumCodeSize)
        guard indices.count >= frameWidth * frameHeight else { throw DecodeError("a short image") }
        for row in 0..<frameHeight {
          for column in 0..<frameWidth {
            let index = Int(indices[row * frameWidth + column])
            if index == transparent { continue }
            let target = ((top + row) * width + left + column) * 3
            shown[target..<(target + 3)] = palette[(index * 3)..<(index * 3 + 3)]
          }
        }
        frames.append(shown)
        transparent = nil
      case 0x3B:
        return
      default:
        throw DecodeError("unexpected block \(bytes[offset]) at \(offset)")
      }
    }
    throw DecodeError("no trailer")
  }

  /// Variable-width codes, least significant bit first; a clear code resets the table, the end code stops.
  private static func lzw(_ data: [UInt8], minimumCodeSize: Int) throws -> [UInt8] {
    let clear = 1 << minimumCodeSize
    let initial = (0..<clear).map { [UInt8(truncatingIfNeeded: $0)] } + [[], []]
    var table = initial
    var codeSize = minimumCodeSize + 1
    var previous: [UInt8]?
    var output: [UInt8] = []
    var bit = 0
    while bit + codeSize <= data.count * 8 {
      var code = 0
      for step in 0..<codeSize where data[(bit + step) / 8] >> ((bit + step) % 8) & 1 != 0 { code |= 1 << step }
      bit += codeSize
      if code == clear {
        (table, codeSize, previous) = (initial, minimumCodeSize + 1, nil)
        continue
      }
      if code == clear + 1 { break }
      let entry: [UInt8]
      if code < table.count {
        entry = table[code]
      } else if code == table.count, let previous {
        entry = previous + [previous[0]]
      } else {
        throw DecodeError("code \(code) beyond the table's \(table.count)")
      }
      output += entry
      if let previous, table.count < 4096 {
        table.append(previous + [entry[0]])
        if table.count == 1 << codeSize, codeSize < 12 { codeSize += 1 }
      }
      previous = entry
    }
    return output
  }
}

/// A GIF's header and logical screen descriptor: its size, its global colour table, where the blocks start.
struct GIFScreen {
  let width: Int
  let height: Int
  let palette: [UInt8]
  let end: Int

  init(_ bytes: [UInt8]) throws {
    guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
      throw DecodeError("not a GIF89a")
    }
    width = Int(bytes[6]) | Int(bytes[7]) << 8
    height = Int(bytes[8]) | Int(bytes[9]) << 8
    let length = bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0
    palette = Array(bytes[13..<(13 + length)])
    end = 13 + length
  }
}
