/// A decoded picture scaled down for the boxes: 8-bit RGBA, not premultiplied, rows packed.
public struct Thumbnail: Sendable {
  public let width: Int
  public let height: Int
  /// The whole picture's size, upright (after EXIF orientation).
  public let sourceWidth: Int
  public let sourceHeight: Int
  public let pixels: [UInt8]

  public init(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "RGBA pixels: 4 bytes each")
    self.width = width
    self.height = height
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.pixels = pixels
  }

  public var byteCount: Int { pixels.count + 64 }

  /// Whether this thumbnail has enough pixels to fill a box of `pixelSize` after a centred crop (or is the whole
  /// picture, which cannot get any sharper).
  public func covers(_ pixelSize: (width: Int, height: Int)) -> Bool {
    if width >= sourceWidth && height >= sourceHeight { return true }
    let scale = max(Double(pixelSize.width) / Double(sourceWidth), Double(pixelSize.height) / Double(sourceHeight))
    return Double(width) >= (Double(sourceWidth) * scale).rounded(.down)
      && Double(height) >= (Double(sourceHeight) * scale).rounded(.down)
  }
}
