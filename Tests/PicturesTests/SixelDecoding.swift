/// A sixel DCS string painted back into RGB pixels, as a terminal would paint it: colour registers in percent
/// (`#n;2;r;g;b`), `!n` repeats, `$` back to the band's start, `-` the next band of 6 rows. Pixels no sixel set
/// stay nil.
struct SixelDecoding {
  let width: Int
  let height: Int
  private(set) var pixels: [[UInt8]?]

  init(_ bytes: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = Array(repeating: nil, count: width * height)
    guard let start = bytes.firstIndex(of: UInt8(ascii: "q")) else { return }
    var registers: [Int: [UInt8]] = [:]
    var current: [UInt8] = [0, 0, 0]
    var (x, band, index) = (0, 0, start + 1)
    func number() -> Int {
      var value = 0
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
      return value
    }
    while index < bytes.count, bytes[index] != 0x1B {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") || (48...57).contains(bytes[index]) {
          index += 1
        }
      case UInt8(ascii: "#"):
        let register = number()
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
          var fields: [Int] = []
          while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            fields.append(number())
          }
          if fields.count == 4 {
            registers[register] = fields[1...].map { UInt8((Double($0) * 2.55).rounded()) }
          }
        }
        current = registers[register] ?? [0, 0, 0]
      case UInt8(ascii: "$"): x = 0
      case UInt8(ascii: "-"): (x, band) = (0, band + 1)
      case UInt8(ascii: "!"):
        let count = number()
        guard index < bytes.count else { break }
        paint(bytes[index], count: count, x: &x, band: band, colour: current)
        index += 1
      case 63...126: paint(byte, count: 1, x: &x, band: band, colour: current)
      default: break
      }
    }
  }

  private mutating func paint(_ sixel: UInt8, count: Int, x: inout Int, band: Int, colour: [UInt8]) {
    let bits = Int(sixel) - 63
    for _ in 0..<count {
      for bit in 0..<6 where bits >> bit & 1 == 1 {
        let y = band * 6 + bit
        if x < width && y < height { pixels[y * width + x] = colour }
      }
      x += 1
    }
  }

  /// The mean absolute difference per channel from `rgba` (unpainted pixels count as black).
  func meanError(from rgba: [UInt8]) -> Double {
    var total = 0
    for pixel in 0..<width * height {
      let painted = pixels[pixel] ?? [0, 0, 0]
      for channel in 0..<3 { total += abs(Int(painted[channel]) - Int(rgba[pixel * 4 + channel])) }
    }
    return Double(total) / Double(width * height * 3)
  }
}
