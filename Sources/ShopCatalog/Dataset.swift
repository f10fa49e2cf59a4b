/// A dataset as read: the usable items of each file, in order, and what was wrong with the rest.
public struct Dataset: Sendable {
  /// One file of a dataset and its usable items.
  public struct File: Sendable {
    public var path: String
    public var items: [ShopItem]
  }

  public var files: [File]
  public var problems: [DatasetProblem]
  /// Items left out because a field was unusable.
  public var skippedItems: Int
  /// Files of a directory that could not be read at all (the directory's other pages still open).
  public var brokenFiles: [DatasetError] = []

  public var items: [ShopItem] { files.flatMap(\.items) }

  public init(files: [File], problems: [DatasetProblem], skippedItems: Int) {
    (self.files, self.problems, self.skippedItems) = (files, problems, skippedItems)
  }
  public var itemCount: Int { files.reduce(0) { $0 + $1.items.count } }
}

extension Dataset {
  /// Adds a chunk as it was read: its items to its file (a new one when the file changes; a directory's page that
  /// could not be read is a broken file, not a file), its problems and skipped count to the dataset's.
  mutating func add(_ chunk: DatasetChunk) {
    if let broken = chunk.brokenFile {
      brokenFiles.append(broken)
      return
    }
    if files.last?.path != chunk.file { files.append(File(path: chunk.file, items: [])) }
    files[files.count - 1].items += chunk.items
    problems += chunk.problems
    skippedItems += chunk.skipped
  }
}
