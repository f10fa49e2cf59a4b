/// A part of a dataset as it is read, for a reader that keeps nothing (`waterfall import`).
public struct DatasetChunk: Sendable {
  public var items: [ShopItem] = []
  /// The problems of the records left out.
  public var problems: [DatasetProblem] = []
  /// Records left out because a field was unusable.
  public var skipped = 0
  /// A directory's page file that could not be read at all (the other files are still read).
  public var brokenFile: DatasetError?
  /// From 0 to 1: how far into this dataset.
  public var fraction = 0.0
}

/// Reads a dataset path (a file, a directory of page files, or with a probe a folder of pictures) from start to
/// end, handing its items over in chunks as they are decoded, so nothing needs all of them in memory.
public enum DatasetStream {
  /// Throws what stops the reading: a path that cannot be read, or a file that is not a dataset or breaks off
  /// (after handing over every item before the break).
  public static func read(
    path: String, pictureProbe: PictureProbe? = nil, deliver: (DatasetChunk) -> Void
  ) throws(DatasetError) {
    func chunk(_ batch: ReadBatch, fraction: Double) -> DatasetChunk {
      DatasetChunk(items: batch.items, problems: batch.problems, skipped: batch.skipped, fraction: fraction)
    }
    switch try DatasetLoader.locate(path: path, pictureProbe: pictureProbe) {
    case .photoFolder(let names):
      PhotoFolder.read(directory: path, names: names, probe: pictureProbe!) { batch in
        deliver(chunk(batch, fraction: Double(batch.bytesRead) / Double(max(1, batch.bytesTotal))))
      }
    case .file:
      try DatasetFileReader.read(file: path, format: DatasetFormat.forExtension(of: path), firstBatch: 1024) {
        deliver(chunk($0, fraction: Double($0.bytesRead) / Double(max(1, $0.bytesTotal))))
      }
    case .pages(let files):
      for (number, file) in files.enumerated() {
        let fraction = Double(number + 1) / Double(files.count)
        do {
          try DatasetFileReader.read(file: file, format: DatasetFormat.forExtension(of: file)) {
            deliver(chunk($0, fraction: fraction))
          }
        } catch {
          deliver(DatasetChunk(brokenFile: error, fraction: fraction))
        }
      }
    }
  }
}
