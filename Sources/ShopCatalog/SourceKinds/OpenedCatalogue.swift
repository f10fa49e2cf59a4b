/// A dataset opened for the viewer as an ``ItemCatalogue`` read in the background (a file, a directory, a photo
/// folder, standard input, the bundled catalogue): its name for the header and, read from a stream, the bytes kept
/// (what `--pick` prints records from).
public struct OpenedCatalogue: OpenedSource {
  public var catalogue: ItemCatalogue
  public var name: String
  public var streamed: StreamedInput?

  public init(catalogue: ItemCatalogue, name: String, streamed: StreamedInput? = nil) {
    (self.catalogue, self.name, self.streamed) = (catalogue, name, streamed)
  }

  public var source: any CatalogueSource { catalogue }
  public var streamedInput: StreamedInput? { streamed }
  public var fieldsReadSoFar: [ItemField] { ItemField.available(in: catalogue.itemsRead(limit: 10_000)) }

  public func allFields() -> [ItemField] {
    catalogue.waitUntilComplete()
    return catalogue.availableFields
  }

  /// The catalogue read as far as the first page (`whole`: to the end; a stream still arriving after half a
  /// second: its first usable item). What makes
  /// the dataset unusable throws, so nobody opens an empty viewer wondering why: a first page that cannot be read
  /// (exit status 2), or a dataset whose every item is unusable (its first problems, exit status 1, the last line
  /// naming `address`, the dataset as the user named it, as the problems' lines do). A malformed record after the
  /// first page is the viewer's to show.
  func readyForViewer(address: String, whole: Bool, pageSize: Int) throws(SourceFailure) -> OpenedCatalogue {
    if whole {
      catalogue.waitUntilComplete()
    } else if streamed != nil {
      // A pipe that ends at once (`cat FILE |`) is judged as its file would be; one still arriving after half a
      // second opens the viewer at its first usable item, the rest shown as it comes.
      catalogue.waitForFirstPage(seconds: 0.5)
      catalogue.waitUntilStarted()
    } else {
      catalogue.waitForFirstPage()
    }
    let progress = catalogue.progress
    if let stopped = progress.stoppedBy, progress.itemsRead < pageSize {
      throw SourceFailure(lines: [stopped])
    }
    guard progress.isComplete, progress.itemsRead == 0 else { return self }
    let broken = catalogue.brokenPageReasons
    if !broken.isEmpty { throw SourceFailure(lines: broken) }
    let problems = catalogue.readProblems
    guard !problems.isEmpty else { return self }
    throw SourceFailure.noUsableItems(problems: problems.map(\.description), name: address)
  }
}
