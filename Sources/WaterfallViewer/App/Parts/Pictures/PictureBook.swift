import Pictures

/// What the viewer knows of each item's picture, by slot: a box's or a detail panel's, numbered from the item's
/// store index (never by cell: a reused cell shows whatever its new item has, which starts as nothing). Only items in the buffered viewport (and the item whose detail is
/// open) have an entry.
public struct PictureBook: Sendable {
  public enum Entry: Sendable {
    case loading(PictureRenderKey, PicturePriority)
    case shown(ShownPicture, PictureRenderKey)
    case failed(PictureFailure, PictureRenderKey)

    public var key: PictureRenderKey {
      switch self {
      case .loading(let key, _), .shown(_, let key), .failed(_, let key): key
      }
    }
  }

  public private(set) var entries: [PictureSlot: Entry] = [:]
  /// Some picture is on its way (a tape's `WaitSettled` waits for none).
  var isLoading: Bool {
    entries.values.contains { entry in
      if case .loading = entry { return true }
      return false
    }
  }
  /// Each item's picture source by store index, resolved once until the items change: a box that comes back
  /// into view, or a resize, asks again at a new size for the same source.
  private var sources: [Int: PictureSource] = [:]
  /// Raised when the items behind the indices change (a refresh), so loads for the old items are recognised.
  public private(set) var generation = 0
  /// Sources already resolved, by address, kept through ``startOver()``: resolving one is a round of URL
  /// standardising, and a refresh brings back the same addresses at every store index. Emptied when full.
  private var resolvedAddresses: [PictureAddress: PictureSource] = [:]
  private static let resolvedAddressLimit = 4096
  /// The last pictures turned into screen cells, by key, oldest first: a box that scrolls back into view gets
  /// the same grid again from the loader's cache, and converting it again cost more than the rest of its
  /// arrival (a 1,000-command tape took almost 4,000 arrivals). Bounded in count and in bytes (a grid may hold
  /// its pixels, which this keeps alive).
  private var converted: [PictureRenderKey: ShownPicture] = [:]
  private var convertedOrder: [PictureRenderKey] = []
  private var convertedBytes = 0
  private static let convertedLimit = 256
  private static let convertedByteLimit = 16 << 20

  public subscript(slot: PictureSlot) -> Entry? {
    get { entries[slot] }
    set { entries[slot] = newValue }
  }

  /// Takes a finished load if it is still wanted: the same generation and the key the item's entry waits for.
  /// Returns whether it was taken.
  mutating func take(_ result: PictureResult) -> Bool {
    let request = result.request
    guard request.generation == generation, case .loading(let key, _)? = entries[request.item], key == request.key
    else { return false }
    switch result.outcome {
    case .success(let grid): entries[request.item] = .shown(shownPicture(grid, key: key), key)
    case .failure(let failure): entries[request.item] = .failed(failure, key)
    }
    return true
  }

  /// `grid` as screen cells: the last conversion for `key` when it was of an equal grid (the same one from the
  /// loader's cache compares at once), else a new one, remembered.
  private mutating func shownPicture(_ grid: PictureGrid, key: PictureRenderKey) -> ShownPicture {
    if let known = converted[key], known.grid == grid { return known }
    let shown = ShownPicture(grid)
    if let replaced = converted.updateValue(shown, forKey: key) {
      convertedBytes -= replaced.byteCount
    } else {
      convertedOrder.append(key)
    }
    convertedBytes += shown.byteCount
    while convertedOrder.count > Self.convertedLimit || convertedBytes > Self.convertedByteLimit,
      !convertedOrder.isEmpty
    {
      if let dropped = converted.removeValue(forKey: convertedOrder.removeFirst()) {
        convertedBytes -= dropped.byteCount
      }
    }
    return shown
  }

  /// The picture source of the item at store index `index`, resolved the first time it is asked for.
  /// `address` gives the item's picture address and the file its dataset came from.
  mutating func source(ofStoreItem index: Int, address: () -> (picture: String, datasetFile: String)) -> PictureSource {
    if let known = sources[index] { return known }
    let (picture, datasetFile) = address()
    let addressKey = PictureAddress(picture: picture, datasetFile: datasetFile)
    let source = resolvedAddresses[addressKey] ?? PictureSource.resolve(picture, relativeTo: datasetFile)
    if resolvedAddresses.count >= Self.resolvedAddressLimit { resolvedAddresses.removeAll(keepingCapacity: true) }
    resolvedAddresses[addressKey] = source
    sources[index] = source
    return source
  }

  /// Why the picture of the item at store index `index` cannot be shown, if it cannot.
  func failure(ofStoreItem index: Int) -> PictureFailure? {
    if case .failed(let failure, _) = entries[.box(index)] { return failure }
    if case .failed(let failure, _) = entries[.detail(index)] { return failure }
    return nil
  }

  /// Forgets every picture and starts a new generation.
  mutating func startOver() {
    entries.removeAll()
    sources.removeAll()
    generation += 1
  }
}

extension PictureSlot {
  /// The picture in the box of the item at store index `index`.
  public static func box(_ index: Int) -> PictureSlot { PictureSlot(index) }

  /// The picture in the detail panel of the item at store index `index`: negative, so it never replaces the
  /// request for the item's box.
  public static func detail(_ index: Int) -> PictureSlot { PictureSlot(-(index + 1)) }
}

/// An item's picture address and the file its dataset came from: all that ``PictureSource/resolve(_:relativeTo:)``
/// reads.
private struct PictureAddress: Hashable {
  var picture: String
  var datasetFile: String
}
