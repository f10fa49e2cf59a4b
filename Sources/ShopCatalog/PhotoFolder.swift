import Foundation

/// A picture's upright size in pixels, as its header says.
public struct PhotoSize: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) { (self.width, self.height) = (width, height) }
}

/// Why a picture's size could not be read.
public struct PhotoProbeFailure: Error, Hashable, Sendable {
  public var reason: String

  public init(reason: String) { self.reason = reason }
}

/// Reads a picture's upright size from its header without decoding it. Injected, so ShopCatalog needs no
/// image library (the executable passes one built on libvips).
public typealias PictureProbe = @Sendable (_ path: String) -> Result<PhotoSize, PhotoProbeFailure>

/// A folder of pictures read as a catalogue: one item per picture, in natural order, titled with its file name.
enum PhotoFolder {
  /// The extensions of the pictures a photo folder shows.
  static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif"]

  static func isPicture(_ name: String) -> Bool {
    guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
    return pictureExtensions.contains(name[name.index(after: dot)...].lowercased())
  }

  /// One item per picture in `names` (already in order); pictures whose size cannot be read become problems.
  /// Handed over in batches as the pictures are probed (a header read each), so the first page of a large folder
  /// shows at once.
  static func read(directory: String, names: [FileName], probe: PictureProbe, deliver: (ReadBatch) -> Void) {
    var batch = ReadBatch()
    let folder = URL(fileURLWithPath: directory).standardizedFileURL.path
    for (offset, name) in names.enumerated() {
      let path = name.address(in: folder)
      let shownPath = (folder as NSString).appendingPathComponent(name.shown)
      switch probe(path) {
      case .failure(let failure):
        batch.problems.append(
          DatasetProblem(file: shownPath, item: offset + 1, field: "picture", message: failure.reason))
        batch.skipped += 1
      case .success(let size)
      where !ItemDecoder.sideRange.contains(Double(size.width))
        || !ItemDecoder.sideRange.contains(Double(size.height)):
        batch.problems.append(
          DatasetProblem(
            file: shownPath, item: offset + 1, field: "picture",
            message: "\(size.width)×\(size.height) pixels is outside 1 to 100000 pixels a side"))
        batch.skipped += 1
      case .success(let size):
        batch.columns.append(
          ShopItem(
            width: Double(size.width), height: Double(size.height), imageURL: path, price: "",
            title: name.shown))
      }
      if batch.columns.count + batch.skipped >= 32 || offset == names.count - 1 {
        batch.bytesRead = offset + 1
        batch.bytesTotal = names.count
        deliver(batch)
        batch = ReadBatch()
      }
    }
  }
}
