import Foundation

/// Reads a dataset from a file or a directory of page files. Never writes to them.
public enum DatasetLoader {
  /// Reads `path`: a plist, JSON, JSON Lines or CSV file, or a directory of such files ordered naturally
  /// (1, 2, …, 10). Throws when nothing usable can be read at all; unusable items become problems.
  ///
  /// With a `pictureProbe`, a directory that holds no dataset file but JPEG, PNG, WebP or GIF pictures is a
  /// photo folder: one item per picture, its size from the probe. Any dataset file makes it a dataset.
  public static func load(path: String, pictureProbe: PictureProbe? = nil) throws(DatasetError) -> Dataset {
    var dataset = Dataset(files: [], problems: [], skippedItems: 0)
    try DatasetStream.read(path: path, pictureProbe: pictureProbe) { dataset.add($0) }
    return dataset
  }

  /// Reads a whole dataset from `descriptor` (standard input, `-`), its format told by its content.
  public static func load(stream descriptor: Int32) throws(DatasetError) -> Dataset {
    var dataset = Dataset(files: [Dataset.File(path: StreamedInput.name, items: [])], problems: [], skippedItems: 0)
    try DatasetStream.read(stream: descriptor) { dataset.add($0) }
    return dataset
  }

  /// What a path holds, once it is known to be readable at all.
  enum Location {
    case file
    /// Dataset files of a directory, in natural order.
    case pages([String])
    /// The picture names of a photo folder, in natural order.
    case photoFolder([FileName])
  }

  /// What `path` is: a file, a directory of page files, or (with a probe) a folder of pictures.
  static func locate(path: String, pictureProbe: PictureProbe?) throws(DatasetError) -> Location {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw DatasetError(file: path, reason: "no such file or directory")
    }
    guard isDirectory.boolValue else { return .file }
    if pictureProbe != nil, let pictures = try photoFolderPictures(in: path) { return .photoFolder(pictures) }
    return .pages(try pageFiles(in: path))
  }

  /// What to call the dataset at `path` in a title: the file's or directory's own name, also for `.` or `dir/`.
  public static func displayName(ofPath path: String) -> String {
    let name = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
    return name.isEmpty ? path : name
  }

  /// The picture names of a directory with no dataset files, ordered naturally; nil when it is not a photo folder.
  private static func photoFolderPictures(in directory: String) throws(DatasetError) -> [FileName]? {
    let names = try entries(of: directory)
    guard !names.contains(where: { isPageName($0.shown) }) else { return nil }
    let pictures = names.filter { PhotoFolder.isPicture($0.shown) }.sorted { naturalOrder($0.shown, $1.shown) }
    return pictures.isEmpty ? nil : pictures
  }

  private static func isPageName(_ name: String) -> Bool {
    DatasetFormat.forExtension(of: name) != nil && !name.hasPrefix(".")
  }

  private static func naturalOrder(_ left: String, _ right: String) -> Bool {
    left.compare(right, options: [.numeric]) == .orderedAscending
  }

  /// The names in `directory` by their bytes: a name that is not UTF-8 stays openable.
  private static func entries(of directory: String) throws(DatasetError) -> [FileName] {
    guard let names = FileName.entries(of: directory) else {
      throw DatasetError(file: directory, reason: "cannot list the directory: \(String(cString: strerror(errno)))")
    }
    return names
  }

  /// The dataset files of a directory, ordered naturally (1, 2, …, 10).
  static func pageFiles(in directory: String) throws(DatasetError) -> [String] {
    let pageNames = try entries(of: directory).map(\.shown).filter(isPageName).sorted(by: naturalOrder)
    guard !pageNames.isEmpty else {
      throw DatasetError(
        file: directory,
        reason:
          "no dataset files (.plist, .json, .jsonl or .csv) or pictures (.jpg, .png, .webp, .gif) in this directory")
    }
    return pageNames.map { (directory as NSString).appendingPathComponent($0) }
  }

  /// Reads one dataset file's bytes, as `format` or (nil) as its first bytes suggest, naming it `file` in problems:
  /// its usable items, and what was wrong with the rest. Throws when nothing can be read at all. (The fuzz
  /// targets' way in: the same reader as files, without a file.)
  /// Reads a dataset arriving in `pieces` (a pipe's reads), its format told by its content, as standard input is
  /// read: the same items and problems however the bytes are cut. (The stream-split fuzz target's way in.)
  public static func read(pieces: [ArraySlice<UInt8>], file: String) throws(DatasetError) -> Dataset {
    var dataset = Dataset(files: [Dataset.File(path: file, items: [])], problems: [], skippedItems: 0)
    var parse = DatasetFileReader.IncrementalParse(
      name: file, batcher: DatasetFileReader.Batcher(file: file, size: 1, total: 0), flushesEveryChunk: true)
    var arrived: [UInt8] = []
    for (number, piece) in pieces.enumerated() {
      arrived += piece
      try arrived.withUnsafeBufferPointer { (buffer) throws(DatasetError) in
        try parse.parse(buffer, isComplete: number == pieces.count - 1, firstBatch: 1) { batch in
          dataset.add(DatasetChunk(file: file, items: batch.items, problems: batch.problems, skipped: batch.skipped))
        }
      }
    }
    return dataset
  }

  public static func read(bytes: [UInt8], format: DatasetFormat?, file: String) throws(DatasetError) -> Dataset {
    var dataset = Dataset(files: [Dataset.File(path: file, items: [])], problems: [], skippedItems: 0)
    try DatasetFileReader.read(bytes: bytes, file: file, format: format) { batch in
      dataset.add(DatasetChunk(file: file, items: batch.items, problems: batch.problems, skipped: batch.skipped))
    }
    return dataset
  }
}
