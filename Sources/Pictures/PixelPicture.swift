import Synchronization

/// A cell's size in pixels, as the terminal draws it (for pictures drawn in real pixels).
public struct CellPixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
  }

  public var description: String { "\(width)×\(height) px" }

  /// Pixels of a box of `size` cells.
  public func pixels(of size: BoxSize) -> (width: Int, height: Int) {
    (max(1, size.columns) * width, max(1, size.rows) * height)
  }
}

/// A box's picture in real pixels: 8-bit RGBA, not premultiplied, exactly the box's pixel size, filled (cropped
/// about its centre to the box's shape). Immutable and shared; `id` is unique in the process, so a terminal can
/// keep one copy per picture and name it.
public final class PixelPicture: Hashable, Sendable {
  public let id: UInt64
  public let width: Int
  public let height: Int
  public let pixels: [UInt8]
  /// The same pixels deflated, made with the picture (on the drawing thread) when `deflating` asked for them:
  /// only the kitty protocol sends them, so sixel and iTerm2 pictures do without the cost.
  public let deflated: DeflatedPixels?

  private static let nextID = Atomic<UInt64>(1)

  public init(width: Int, height: Int, pixels: [UInt8], deflating: Bool = false) {
    precondition(pixels.count == width * height * 4, "RGBA pixels: 4 bytes each")
    id = Self.nextID.add(1, ordering: .relaxed).oldValue
    self.width = width
    self.height = height
    self.pixels = pixels
    deflated = deflating ? DeflatedPixels(rgba: pixels) : nil
  }

  public var byteCount: Int { pixels.count + (deflated?.bytes.count ?? 0) + 64 }

  public static func == (left: PixelPicture, right: PixelPicture) -> Bool { left.id == right.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// The part `rect` of `thumbnail` (a centred crop) at `width` × `height`: copied row by row when the crop is
  /// that size already (the decoder makes the thumbnail at the box's pixel size, so a pixel picture usually is: the
  /// one resample was the decoder's), else averaged over the source pixels each target pixel covers (the
  /// thumbnail is at most about twice the target, so a box filter is enough).
  static func resampling(
    _ thumbnail: Thumbnail, crop rect: (x: Int, y: Int, width: Int, height: Int), toWidth width: Int, height: Int,
    deflating: Bool
  ) -> PixelPicture {
    let output = [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      thumbnail.pixels.withUnsafeBufferPointer { source in
        if rect.width == width && rect.height == height {
          for row in 0..<height {
            let from = source.baseAddress! + ((rect.y + row) * thumbnail.width + rect.x) * 4
            (output.baseAddress! + row * width * 4).initialize(from: from, count: width * 4)
          }
        } else {
          boxFilter(source, sourceWidth: thumbnail.width, crop: rect, into: output, width: width, height: height)
        }
      }
      count = width * height * 4
    }
    return PixelPicture(width: width, height: height, pixels: output, deflating: deflating)
  }

  private static func boxFilter(
    _ source: UnsafeBufferPointer<UInt8>, sourceWidth: Int, crop rect: (x: Int, y: Int, width: Int, height: Int),
    into output: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int
  ) {
    for row in 0..<height {
      let top = rect.y + row * rect.height / height
      let bottom = max(top + 1, rect.y + (row + 1) * rect.height / height)
      for column in 0..<width {
        let left = rect.x + column * rect.width / width
        let right = max(left + 1, rect.x + (column + 1) * rect.width / width)
        var sums = (0, 0, 0, 0)
        for y in top..<bottom {
          var offset = (y * sourceWidth + left) * 4
          for _ in left..<right {
            sums.0 += Int(source[offset])
            sums.1 += Int(source[offset + 1])
            sums.2 += Int(source[offset + 2])
            sums.3 += Int(source[offset + 3])
            offset += 4
          }
        }
        let count = (bottom - top) * (right - left)
        let target = (row * width + column) * 4
        output.initializeElement(at: target, to: UInt8((sums.0 + count / 2) / count))
        output.initializeElement(at: target + 1, to: UInt8((sums.1 + count / 2) / count))
        output.initializeElement(at: target + 2, to: UInt8((sums.2 + count / 2) / count))
        output.initializeElement(at: target + 3, to: UInt8((sums.3 + count / 2) / count))
      }
    }
  }
}
