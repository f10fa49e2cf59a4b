import ArgumentParser
import HTTPFeed
import Pictures
import SQLiteCatalog
import ShopCatalog

/// What the viewer shows, opened before the terminal is touched: a catalogue read from files (in the background),
/// a SQLite catalogue, or an HTTP feed whose first page is in.
enum OpenedData {
  /// Files (or standard input, kept for the picks) read here.
  case catalogue(OpenedCatalogue)
  case database(SQLiteCatalogue, name: String)
  case feed(HTTPFeedCatalogue)

  var name: String {
    switch self {
    case .catalogue(let opened): opened.name
    case .database(_, let name): name
    case .feed(let feed): feed.template.displayName
    }
  }

  var source: any CatalogueSource {
    switch self {
    case .catalogue(let opened): opened.catalogue
    case .database(let catalogue, _): catalogue
    case .feed(let feed): feed
    }
  }

  /// Standard input's bytes, kept so that picks print its records as they were.
  var streamedInput: StreamedInput? {
    if case .catalogue(let opened) = self { opened.streamed } else { nil }
  }

  var isFeed: Bool {
    if case .feed = self { true } else { false }
  }

  /// The fields a `--group-by` is looked for in first: those of the items read so far.
  var fieldsReadSoFar: [ItemField] {
    switch self {
    case .catalogue(let opened): ItemField.available(in: opened.catalogue.itemsRead(limit: 10_000))
    case .database(let catalogue, _): catalogue.fields
    case .feed(let feed): ItemField.available(in: feed.itemsSeen)
    }
  }

  /// Every item's fields: a catalogue's once it is read to its end, a feed's of the items seen so far.
  func allFields() -> [ItemField] {
    switch self {
    case .catalogue(let opened):
      opened.catalogue.waitUntilComplete()
      return opened.catalogue.availableFields
    case .database(let catalogue, _): return catalogue.fields
    case .feed(let feed): return ItemField.available(in: feed.itemsSeen)
    }
  }
}

extension DataOptions {
  /// The dataset (`whole`: read to the end), the SQLite catalogue, or the feed (its first page for the command line's sort and filter
  /// fetched), or a line on stderr and the exit status: 2 when it cannot be read, 1 when no item is usable.
  func openOrExit(
    whole: Bool, whenPiped: Bool = false, network: NetworkOptions, organise: OrganiseOptions
  ) throws -> OpenedData {
    if isSQLite, let datasetPath {
      return .database(try openDatabaseOrExit(path: datasetPath), name: DatasetLoader.displayName(ofPath: datasetPath))
    }
    guard let address = datasetPath, FeedTemplate.isWebAddress(address) else {
      return .catalogue(try openCatalogueOrExit(whole: whole, whenPiped: whenPiped))
    }
    let template: FeedTemplate
    do {
      template = try FeedTemplate(address)
    } catch {
      printError("\(RedactedURL.text(address)): \(error.reason)")
      throw ExitCode(2)
    }
    let feed = HTTPFeedCatalogue(template: template, network: network.networkConfiguration)
    let query = CatalogueQuery(
      order: (try? ItemOrder(sortName: organise.sort)) ?? .dataset, filter: organise.filter.map(ItemQuery.init))
    switch feed.prime(query) {
    case .failure(let reason):
      printError(reason)
      throw ExitCode(2)
    case .page(let page) where page.items.isEmpty && !feed.readProblems.isEmpty:
      for problem in feed.readProblems.prefix(10) { printError(problem.description) }
      printError("no usable items: every item of the first page has a problem")
      throw ExitCode(1)
    case .page: return .feed(feed)
    }
  }
}
