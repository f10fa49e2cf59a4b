import Pictures
import ShopCatalog

/// `waterfall check URL`: the feed read page after page to its end, each item validated as a file's are.
extension HTTPFeedCatalogue {
  public struct CheckReport: Sendable {
    /// Usable items, over every page.
    public var itemCount = 0
    public var pageCount = 0
    /// Each unusable item's problems: the page's address (credentials redacted), the item on the page, the field.
    public var problems: [DatasetProblem] = []
    /// Items left out for their problems.
    public var skipped = 0
    /// Why the feed stopped before its end (a page after the first that failed, or a feed that loops back),
    /// naming the page; nil when it was read to its end.
    public var stoppedBy: String?
  }

  /// What stops the check at once: the first page cannot be read.
  public struct Unreadable: Error, Sendable {
    public var reason: String
  }

  /// Reads the feed's pages in order, one at a time within the fetcher's limits, until its end (the same end the
  /// viewer finds), `maximumPages`, or a page that cannot be read. A first page that cannot be read throws.
  public func check(maximumPages: Int = 100_000) throws(Unreadable) -> CheckReport {
    var report = CheckReport()
    var position: Position? = Position(address: template.address(page: 1, for: CatalogueQuery()), page: 1)
    var visited: Set<String> = []
    while let current = position {
      guard report.pageCount < maximumPages else {
        report.stoppedBy = "\(RedactedURL.text(current.address)): stopped after \(maximumPages) pages"
        break
      }
      guard visited.insert(current.address).inserted else {
        report.stoppedBy = "\(RedactedURL.text(current.address)): the feed comes back to this page: it never ends"
        break
      }
      let failure: String
      switch read(current) {
      case .success(let (body, next)):
        report.pageCount += 1
        report.itemCount += body.items.count
        report.problems += body.problems
        report.skipped += Set(body.problems.map(\.item)).count
        report.problems += Self.pictureProblems(body, page: RedactedURL.text(current.address))
        position = next
        continue
      case .failure(let checkFailure):
        // The page after the last not there (404, 410) is the end the viewer finds too.
        if report.pageCount > 0, checkFailure.saysGone {
          position = nil
          continue
        }
        failure = checkFailure.reason
      }
      if report.pageCount == 0 { throw Unreadable(reason: failure) }
      report.stoppedBy = "page \(report.pageCount + 1): \(failure)"
      break
    }
    return report
  }

  /// Items whose picture the viewer will never fetch (`file:///etc/passwd`, `ftp:`): a feed's pictures come over
  /// the web only. Shown without a picture, so not skipped, but said: the feed is wrong there.
  static func pictureProblems(_ body: FeedPageBody, page: String) -> [DatasetProblem] {
    // The items are the page's elements without the unusable ones: the k-th item is the k-th number not taken.
    let unusable = Set(body.problems.map(\.item))
    let numbers = (1...).lazy.filter { !unusable.contains($0) }
    return zip(numbers, body.items).compactMap { number, item in
      guard let scheme = URLScheme(of: item.imageURL), !scheme.isWeb else { return nil }
      return DatasetProblem(
        file: page, item: number, field: "img", message: "a feed's picture must be a web address (http or https)")
    }
  }

  /// One page fetched and read, and where the next one is; or why not (naming the page, redacted).
  private func read(_ position: Position) -> Result<(FeedPageBody, Position?), CheckFailure> {
    let answer: FeedFetcher.Answer
    switch fetcher.get(position.address, secureOnly: template.isSecure) {
    case .failure(let failure): return .failure(CheckFailure(failure.reason, saysGone: failure.saysGone))
    case .success(let success): answer = success
    }
    do {
      let body = try FeedPageBody.read(bytes: answer.body, address: RedactedURL.text(answer.address))
      let next = FeedPaging.next(
        after: position, answer: answer, body: body, template: template, query: CatalogueQuery())
      return .success((body, next))
    } catch {
      return .failure(CheckFailure(error.description))
    }
  }
}

private struct CheckFailure: Error {
  var reason: String
  var saysGone = false
  init(_ reason: String, saysGone: Bool = false) { (self.reason, self.saysGone) = (reason, saysGone) }
}
