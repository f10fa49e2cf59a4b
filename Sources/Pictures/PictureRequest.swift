/// Which pictures go first.
public enum PicturePriority: Int, Comparable, Hashable, Sendable {
  /// Near the screen, not on it yet.
  case prefetch = 0
  /// On the screen now.
  case visible = 1

  public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

/// What a picture looks like once drawn: the cache's key.
public struct PictureRenderKey: Hashable, Sendable {
  /// Where the picture comes from (``PictureSource/resolve(_:relativeTo:)``).
  public var source: PictureSource
  public var size: BoxSize
  public var style: PictureStyle

  public init(source: PictureSource, size: BoxSize, style: PictureStyle = PictureStyle()) {
    (self.source, self.size, self.style) = (source, size, style)
  }

  /// The pixels a thumbnail must cover for this key: the mosaic's, and the real pixels' when asked for.
  public func pixelSizeToCover(cellAspect: Double) -> (width: Int, height: Int) {
    let mosaic = size.pixelSize(cellAspect: cellAspect)
    guard let real = style.cellPixels?.pixels(of: size) else { return mosaic }
    return (max(mosaic.width, real.width), max(mosaic.height, real.height))
  }
}

/// A picture wanted by the app: where it goes (`item`, a slot of the app's own numbering), in which `generation` (the app
/// raises it on a reload, so loads for the old items can be cancelled together), and how it should look.
public struct PictureRequest: Hashable, Sendable {
  public var item: PictureSlot
  public var generation: Int
  public var key: PictureRenderKey
  public var priority: PicturePriority

  public init(item: PictureSlot, generation: Int = 0, key: PictureRenderKey, priority: PicturePriority = .visible) {
    self.item = item
    self.generation = generation
    self.key = key
    self.priority = priority
  }
}

/// A finished load, as delivered to the app's callback.
public struct PictureResult: Sendable {
  public var request: PictureRequest
  public var outcome: Result<PictureGrid, PictureFailure>
  /// Whether the grid came from the render cache without any decoding or drawing.
  public var fromCache: Bool

  public init(request: PictureRequest, outcome: Result<PictureGrid, PictureFailure>, fromCache: Bool) {
    self.request = request
    self.outcome = outcome
    self.fromCache = fromCache
  }
}

/// What the loader has done so far.
public struct PictureStatistics: Hashable, Sendable {
  /// Requests for items that have a picture (an `img`); those of items without one are `withoutPicture`.
  public var requested = 0
  /// Requests for items with no `img`: neither loaded nor failed.
  public var withoutPicture = 0
  /// Pictures delivered drawn, from the render cache or not.
  public var drawn = 0
  /// Files decoded (a resize that reuses a kept thumbnail does not decode again).
  public var decoded = 0
  /// Requests answered from the render cache.
  public var fromCache = 0
  /// Pictures fetched over the network, and pictures found in the disk cache instead.
  public var fetched = 0
  public var fromDiskCache = 0
  /// The most http(s) requests that were under way at once.
  public var mostFetchesAtOnce = 0
  public var cancelled = 0
  public var failed = 0
  public var renderCacheBytes = 0
  public var thumbnailCacheBytes = 0

  public init() {}
}
