/// A part of a dataset as it is read, for a reader that keeps nothing (`waterfall import`, `waterfall check`).
public struct DatasetChunk: Sendable {
  /// The file the chunk comes from (a directory's page file, the directory of a photo folder, or `stdin`).
  public var file: String
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
    func chunk(_ batch: ReadBatch, of file: String, fraction: Double? = nil) -> DatasetChunk {
      DatasetChunk(
        file: file, items: batch.items, problems: batch.problems, skipped: batch.skipped,
        fraction: fraction ?? Double(batch.bytesRead) / Double(max(1, batch.bytesTotal)))
    }
    switch try DatasetLoader.locate(path: path, pictureProbe: pictureProbe) {
    case .photoFolder(let names):
      PhotoFolder.read(directory: path, names: names, probe: pictureProbe!) { deliver(chunk($0, of: path)) }
    case .file:
      try DatasetFileReader.read(file: path, format: DatasetFormat.forExtension(of: path), firstBatch: 1024) {
        deliver(chunk($0, of: path))
      }
    case .pages(let files):
      for (number, file) in files.enumerated() {
        let fraction = Double(number + 1) / Double(files.count)
        // A page is whole or broken, as the viewer loads it: its items go out once all of it is read.
        var batches: [ReadBatch] = []
        do {
          try DatasetFileReader.read(file: file, format: DatasetFormat.forExtension(of: file)) { batches.append($0) }
          for batch in batches { deliver(chunk(batch, of: file, fraction: fraction)) }
        } catch {
          deliver(DatasetChunk(file: file, brokenFile: error, fraction: fraction))
        }
      }
    }
  }

  /// Reads a dataset from `descriptor` (standard input, `-`, or a pipe named `name`) as it arrives, its format
  /// told by its content. The chunks' fraction stays 0: a stream's size is not known.
  public static func read(
    stream descriptor: Int32, named name: String = StreamedInput.name, deliver: (DatasetChunk) -> Void
  ) throws(DatasetError) {
    try DatasetFileReader.read(stream: descriptor, named: name, into: StreamedInput(), firstBatch: 1024) { batch in
      deliver(DatasetChunk(file: name, items: batch.items, problems: batch.problems, skipped: batch.skipped))
    }
  }
}
