/// How far `waterfall import` is, for its progress bar; the same for every database it writes.
public struct ImportProgress: Sendable {
  /// The source being read, from 0, and how many there are.
  public var source: Int
  public var sources: Int
  /// How far into that source, from 0 to 1.
  public var fraction: Double
  public var itemsWritten: Int

  public init(source: Int, sources: Int, fraction: Double, itemsWritten: Int) {
    (self.source, self.sources, self.fraction, self.itemsWritten) = (source, sources, fraction, itemsWritten)
  }

  /// The whole import's fraction, sources counted alike.
  public var overall: Double { (Double(source) + min(1, max(0, fraction))) / Double(max(1, sources)) }
}

/// What `waterfall import` did, for its report.
public struct ImportSummary: Sendable {
  public var items = 0
  /// Records left out (a field unusable), and the problems that said why.
  public var skipped = 0
  public var problems: [DatasetProblem] = []
  /// Directory page files that could not be read at all.
  public var brokenFiles: [DatasetError] = []
  public var seconds = 0.0
  /// Said once about the database (PostgreSQL without pg_trgm: searches then read every row).
  public var notes: [String] = []
  /// After an append, the catalogue's items, its own and the ones added; nil for a new catalogue.
  public var catalogueItems: Int?

  public init() {}
}

/// What an import does with a catalogue already at its output.
public enum ImportExisting: Sendable {
  /// Refuses it: nothing is written.
  case refuse
  /// Writes a new catalogue over it (`--replace`).
  case replace
  /// Adds the sources' items after its rows (`--append`).
  case append
}
