/// Which pixels of a GIF frame are written and which are left transparent (the frame before shows through).
///
/// cgif's own transparency makes every unchanged pixel transparent; after a scroll, most pixels change and the few
/// that do not cut the frame's runs into a speckle of transparent and coloured pixels that LZW codes badly. Here an
/// unchanged pixel keeps its colour when that continues the run before it and is transparent otherwise, so runs
/// stay long either way (gifsicle's `-O2` idea); outside the box of changed pixels everything is transparent, so
/// cgif writes only that box.
struct GIFTransparency {
  /// The palette entry left free for transparency (``GIFPalette`` uses 255 entries).
  static let index: UInt8 = 255

  let width: Int
  let height: Int
  /// The indices the reader shows now: what the next frame is compared with.
  private var shown: [UInt8]
  /// The frame handed to cgif.
  private var written: [UInt8]

  init(first frame: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    shown = frame
    written = [UInt8](repeating: Self.index, count: width * height)
  }

  /// Marks `frame` against the frame shown before; only `areas` may differ.
  mutating func mark(_ frame: [UInt8], changedWithin areas: [(x: Int, y: Int, width: Int, height: Int)]) {
    var (left, top, right, bottom) = (width, height, -1, -1)
    frame.withUnsafeBufferPointer { now in
      shown.withUnsafeBufferPointer { before in
        for area in areas {
          for row in area.y..<(area.y + area.height) {
            let start = row * width
            for column in area.x..<(area.x + area.width) where now[start + column] != before[start + column] {
              left = min(left, column)
              right = max(right, column)
              top = min(top, row)
              bottom = max(bottom, row)
            }
          }
        }
      }
    }
    written.withUnsafeMutableBufferPointer { $0.update(repeating: Self.index) }
    guard right >= 0 else { return }
    frame.withUnsafeBufferPointer { now in
      shown.withUnsafeMutableBufferPointer { before in
        written.withUnsafeMutableBufferPointer { out in
          var last = Self.index
          for row in top...bottom {
            let start = row * width
            for offset in (start + left)...(start + right) {
              let pixel = now[offset]
              if pixel != before[offset] {
                last = pixel
                before[offset] = pixel
              } else if pixel != last {
                last = Self.index
              }
              out[offset] = last
            }
          }
        }
      }
    }
  }

  /// The frame to write, for cgif (which copies it).
  mutating func withWritten<Result>(_ body: (UnsafeMutablePointer<UInt8>?) -> Result) -> Result {
    written.withUnsafeMutableBufferPointer { body($0.baseAddress) }
  }
}
