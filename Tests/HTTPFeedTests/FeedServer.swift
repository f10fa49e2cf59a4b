import Foundation
import HTTPFeed
import Pictures
import ShopCatalog
import TestSupport

/// The picture tests' loopback server (Tests/PicturesTests/Server/picture_server.py, 127.0.0.1 only, stopping by
/// itself after 90 s), whose `/feed/<style>` paths serve JSON feeds that page each way.
typealias FeedServer = LoopbackPictureServer

extension LoopbackPictureServer {
  /// How many times page `page` of `/feed/<style>` was asked for.
  func requests(_ style: String, page: Int) -> Int { counts().byPath["/feed/\(style)#\(page)"] ?? 0 }
}

/// The picture fetcher's limits; a test of a server that never answers gives a short time to answer, so it ends
/// in well under a second.
func feedNetwork(bodyLimit: Int = 20 << 20, answerWithin: Duration = .seconds(10)) -> NetworkConfiguration {
  var network = NetworkConfiguration()
  network.connectTimeout = answerWithin
  network.totalTimeout = .seconds(20)
  network.maximumBodyBytes = bodyLimit
  return network
}

func feed(_ address: String, network: NetworkConfiguration = feedNetwork()) throws -> HTTPFeedCatalogue {
  HTTPFeedCatalogue(template: try FeedTemplate(address), network: network)
}

/// Reads a feed page by page from the start: each page's titles, until the end or `limit` pages.
func titlesByPage(
  _ source: HTTPFeedCatalogue, query: CatalogueQuery = CatalogueQuery(), limit: Int = 10
)
  -> (pages: [[String]], failure: String?, lastPage: CataloguePage?)
{
  var pages: [[String]] = []
  var cursor: PageCursor?
  var last: CataloguePage?
  for number in 0..<limit {
    switch source.fetch(CataloguePageRequest(query: query, cursor: cursor, pageNumber: number)) {
    case .failure(let reason): return (pages, reason, last)
    case .page(let page):
      pages.append(page.items.map(\.title))
      last = page
      guard let next = page.next else { return (pages, nil, last) }
      cursor = next
    }
  }
  return (pages, nil, last)
}

extension CatalogueResponse {
  var page: CataloguePage? {
    if case .page(let page) = self { page } else { nil }
  }

  var failureReason: String? {
    if case .failure(let reason) = self { reason } else { nil }
  }
}
