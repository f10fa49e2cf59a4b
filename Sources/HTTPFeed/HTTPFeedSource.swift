import Pictures
import ShopCatalog

/// An HTTP JSON feed as a source: any http:// or https:// address.
public struct HTTPFeedSource: SourceKind {
  let network: NetworkConfiguration

  public init(network: NetworkConfiguration) { self.network = network }

  public func opens(_ address: DatasetAddress) -> Bool {
    guard case .named(let text) = address else { return false }
    return FeedTemplate.isWebAddress(text)
  }

  /// The feed with its first page for the command line's sort and filter fetched: a page that cannot be read is
  /// exit status 2, a page of only unusable items (its first problems) 1.
  public func open(
    _ address: DatasetAddress, whole: Bool, query: CatalogueQuery
  ) throws(SourceFailure) -> any OpenedSource {
    let template = try Self.template(of: address)
    let feed = HTTPFeedCatalogue(template: template, network: network)
    switch feed.prime(query) {
    case .failure(let reason): throw SourceFailure(lines: [reason])
    case .page(let page) where page.items.isEmpty && !feed.readProblems.isEmpty:
      throw SourceFailure(
        lines: feed.readProblems.prefix(10).map(\.description)
          + ["\(template.displayName): no usable items: every item of the first page has a problem"],
        exitStatus: 1)
    case .page: return OpenedFeed(feed: feed)
    }
  }

  /// Every page in order to the feed's end, each item validated as a file's are; a problem names the page's
  /// address (credentials redacted), the item on the page and the field. A page after the first that cannot be
  /// read ends the check as one more problem; a first page that cannot be read is exit status 2.
  public func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    let template = try Self.template(of: address)
    let feed = HTTPFeedCatalogue(template: template, network: network)
    let found: HTTPFeedCatalogue.CheckReport
    do {
      found = try feed.check()
    } catch {
      throw SourceFailure(lines: [error.reason])
    }
    for problem in found.problems { report(problem.description) }
    if let stopped = found.stoppedBy { report(stopped) }
    let problemCount = found.problems.count + (found.stoppedBy == nil ? 0 : 1)
    let skipped = found.skipped == 0 ? "" : " (\(CheckSummary.count(found.skipped, "item")) skipped)"
    let counts =
      "\(CheckSummary.count(found.itemCount, "item")) in \(CheckSummary.count(found.pageCount, "page")), "
      + CheckSummary.count(problemCount, "problem")
    return CheckSummary(line: counts + skipped, problemCount: problemCount)
  }

  private static func template(of address: DatasetAddress) throws(SourceFailure) -> FeedTemplate {
    guard case .named(let text) = address else { throw SourceFailure(lines: ["no feed address named"]) }
    do {
      return try FeedTemplate(text)
    } catch {
      throw SourceFailure(lines: ["\(RedactedURL.text(text)): \(error.reason)"])
    }
  }
}

/// A feed opened for the viewer: its first page in, and a refresh keeps the items loaded, new ones at the front.
struct OpenedFeed: OpenedSource {
  let feed: HTTPFeedCatalogue

  var name: String { feed.template.displayName }
  var source: any CatalogueSource { feed }
  var refreshKeepsItems: Bool { true }
  var fieldsReadSoFar: [ItemField] { ItemField.available(in: feed.itemsSeen) }
  func allFields() -> [ItemField] { ItemField.available(in: feed.itemsSeen) }
}
