import Foundation

/// Reads a dataset from a file or a directory of page files. Never writes to them.
public enum DatasetLoader {
  /// Reads `path`: a plist, JSON, JSON Lines or CSV file, or a directory of such files ordered naturally
  /// (1, 2, …, 10). Throws when nothing usable can be read at all; unusable items become problems.
  ///
  /// With a `pictureProbe`, a directory that holds no dataset file but JPEG, PNG, WebP or GIF pictures is a
  /// photo folder: one item per picture, its size from the probe. Any dataset file makes it a dataset.
  public static func load(path: String, pictureProbe: PictureProbe? = nil) throws(DatasetError) -> Dataset {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw DatasetError(file: path, reason: "no such file or directory")
    }
    if isDirectory.boolValue, let pictureProbe, let pictures = try photoFolderPictures(in: path) {
      return PhotoFolder.read(directory: path, names: pictures, probe: pictureProbe)
    }
    let files = isDirectory.boolValue ? try pageFiles(in: path) : [path]
    var dataset = Dataset(files: [], problems: [], skippedItems: 0)
    for file in files {
      try read(file: file, format: DatasetFormat.forExtension(of: file), into: &dataset)
    }
    return dataset
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
  private static func pageFiles(in directory: String) throws(DatasetError) -> [String] {
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
  /// its usable items, and what was wrong with the rest. Throws when nothing can be read at all.
  public static func read(bytes: [UInt8], format: DatasetFormat?, file: String) throws(DatasetError) -> Dataset {
    var dataset = Dataset(files: [], problems: [], skippedItems: 0)
    try read(bytes: bytes, format: format, file: file, into: &dataset)
    return dataset
  }

  private static func read(file: String, format: DatasetFormat?, into dataset: inout Dataset) throws(DatasetError) {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw DatasetError(file: file, reason: "cannot be read (permissions, or not a regular file)")
    }
    try read(bytes: [UInt8](data), format: format, file: file, into: &dataset)
  }

  private static func read(
    bytes: [UInt8], format: DatasetFormat?, file: String, into dataset: inout Dataset
  ) throws(DatasetError) {
    var bytes = bytes
    // Excel's "CSV UTF-8" and some editors start files with a UTF-8 byte-order mark; it is not part of the text.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    guard !bytes.isEmpty else { throw DatasetError(file: file, reason: "empty file") }
    let isBinaryPlist = bytes.starts(with: Array("bplist".utf8))
    if !isBinaryPlist, bytes.prefix(8192).contains(0) {
      throw DatasetError(file: file, reason: "not a dataset: binary data")
    }
    guard let format = format ?? DatasetFormat.sniff(bytes) else {
      throw DatasetError(file: file, reason: "not a dataset: unknown format (expected .plist, .json, .jsonl or .csv)")
    }
    try append(bytes, format: format, file: file, to: &dataset)
  }

  private static func append(
    _ bytes: [UInt8], format: DatasetFormat, file: String, to dataset: inout Dataset
  ) throws(DatasetError) {
    let entries = try RecordReader.read(bytes, format: format, file: file)
    var items: [ShopItem] = []
    items.reserveCapacity(entries.count)
    for (offset, entry) in entries.enumerated() {
      let number = offset + 1
      switch entry {
      case .record(let record):
        switch ItemDecoder.decode(record, file: file, item: number) {
        case .item(var item):
          item.sourceFile = file
          items.append(item)
        case .unusable(let problems):
          dataset.problems += problems
          dataset.skippedItems += 1
        }
      case .unusable(let field, let message):
        dataset.problems.append(DatasetProblem(file: file, item: number, field: field, message: message))
        dataset.skippedItems += 1
      }
    }
    dataset.files.append(Dataset.File(path: file, items: items))
  }
}
