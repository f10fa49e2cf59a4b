/// What a picture may cost before it is refused.
public struct PictureLimits: Hashable, Sendable {
  /// Pictures whose header claims more pixels than this are refused before decoding (a PNG of 74 bytes can claim
  /// 30000×30000).
  public var maximumPixels: Int
  /// A decode that takes longer is stopped and reported as timed out.
  public var timeLimit: Duration

  public init(maximumPixels: Int = 50_000_000, timeLimit: Duration = .seconds(5)) {
    self.maximumPixels = maximumPixels
    self.timeLimit = timeLimit
  }

  /// Why a picture of `size` is refused, or nil when it is within the limit.
  func refusal(of size: PictureDimensions, path: String) -> PictureFailure? {
    guard
      size.width.multipliedReportingOverflow(by: size.height).partialValue > maximumPixels
        || size.width > maximumPixels || size.height > maximumPixels
    else { return nil }
    let megapixels = Double(size.width) * Double(size.height) / 1_000_000
    return PictureFailure(
      .tooLarge,
      "the picture claims \(size.width)×\(size.height) pixels (\(Int(megapixels.rounded())) megapixels; "
        + "the limit is \(maximumPixels / 1_000_000)): \(path)")
  }
}

/// A picture's size in pixels, upright (after EXIF orientation).
public struct PictureDimensions: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) { (self.width, self.height) = (width, height) }
}
