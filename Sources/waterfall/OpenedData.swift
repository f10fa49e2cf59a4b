import ArgumentParser
import HTTPFeed
import Pictures
import ShopCatalog

/// What the viewer shows, opened before the terminal is touched: a catalogue read from files (in the background),
/// or an HTTP feed whose first page is in.
enum OpenedData {
  case catalogue(ItemCatalogue, name: String)
  case feed(HTTPFeedCatalogue)

  var name: String {
    switch self {
    case .catalogue(_, let name): name
    case .feed(let feed): feed.template.displayName
    }
  }

  var source: any CatalogueSource {
    switch self {
    case .catalogue(let catalogue, _): catalogue
    case .feed(let feed): feed
    }
  }

  var isFeed: Bool {
    if case .feed = self { true } else { false }
  }

  /// Items to look for a `--group-by` field in first: those read so far.
  var itemsReadSoFar: [ShopItem] {
    switch self {
    case .catalogue(let catalogue, _): catalogue.itemsRead(limit: 10_000)
    case .feed(let feed): feed.itemsSeen
    }
  }

  /// The field called `name` among every item's (a catalogue read to its end first; a feed's items seen so far).
  func field(named name: String) throws(CatalogueQueryError) -> ItemField {
    switch self {
    case .catalogue(let catalogue, _):
      catalogue.waitUntilComplete()
      return try ItemField.named(name, among: catalogue.availableFields)
    case .feed(let feed):
      return try ItemField.named(name, in: feed.itemsSeen)
    }
  }
}

extension DataOptions {
  /// The dataset (`whole`: read to the end) or the feed (its first page for the command line's sort and filter
  /// fetched), or a line on stderr and the exit status: 2 when it cannot be read, 1 when no item is usable.
  func openOrExit(whole: Bool, network: NetworkOptions, organise: OrganiseOptions) throws -> OpenedData {
    guard let address = datasetPath, FeedTemplate.isWebAddress(address) else {
      let opened = try openCatalogueOrExit(whole: whole)
      return .catalogue(opened.catalogue, name: opened.name)
    }
    let template: FeedTemplate
    do {
      template = try FeedTemplate(address)
    } catch {
      printError("\(RedactedURL.text(address)): \(error.reason)")
      throw ExitCode(2)
    }
    var configuration = NetworkConfiguration()
    configuration.connectTimeout = .milliseconds(Int((network.connectTimeout * 1000).rounded()))
    configuration.totalTimeout = .milliseconds(Int((network.fetchTimeout * 1000).rounded()))
    let feed = HTTPFeedCatalogue(template: template, network: configuration)
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
