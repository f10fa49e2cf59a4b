/// What one character covers of its cell box (one or two cells wide): 0 to 255 per pixel, row by row.
struct CellMask {
  let width: Int
  let height: Int
  var coverage: [UInt8]
  /// A colour glyph's own pixels, premultiplied RGBA (red the lowest byte); `nil`: ink in the cell's foreground.
  var colors: [UInt32]?

  init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    coverage = [UInt8](repeating: 0, count: width * height)
  }

  /// Sets the rectangle's pixels (clipped to the box) to `value` where they are lower.
  mutating func fill(x: Int, y: Int, width: Int, height: Int, value: UInt8 = 255) {
    let left = max(0, x)
    let right = min(self.width, x + width)
    let top = max(0, y)
    let bottom = min(self.height, y + height)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right where coverage[row * self.width + column] < value {
        coverage[row * self.width + column] = value
      }
    }
  }

  var isEmpty: Bool { !coverage.contains { $0 != 0 } }
}
