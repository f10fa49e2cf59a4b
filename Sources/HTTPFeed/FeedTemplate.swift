import Foundation
import ShopCatalog

/// A feed's address as the user gave it, with its placeholders: `{page}` (counting from 1), `{cursor}` (empty
/// on the first request), `{sort}` and `{q}` (the sort and the filter, sent to the server when named).
public struct FeedTemplate: Hashable, Sendable {
  public let text: String

  /// A usable http(s) address; throws a reason otherwise.
  public init(_ text: String) throws(FeedTemplateError) {
    guard Self.isWebAddress(text) else { throw FeedTemplateError(reason: "not an http:// or https:// address") }
    guard let url = URL(string: Self.fill(text, page: 1, cursor: "", sort: "", query: "")), url.host != nil
    else { throw FeedTemplateError(reason: "not a usable web address") }
    self.text = text
  }

  /// Whether `path` names a web feed rather than a file.
  public static func isWebAddress(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// An https feed: its pages are only ever fetched over https, whatever a next link or a redirect names.
  public var isSecure: Bool { text.lowercased().hasPrefix("https://") }

  public var namesPage: Bool { text.contains("{page}") }
  public var namesCursor: Bool { text.contains("{cursor}") }
  public var namesSort: Bool { text.contains("{sort}") }
  public var namesQuery: Bool { text.contains("{q}") }

  /// Whether the server answers `query` (its sort and filter go in the address); otherwise the feed answers it
  /// over the items it has loaded. Sections are never the server's, nor a filter with more than free words
  /// (`-used`, `price<200`), which `{q}` cannot carry.
  public func answersOnServer(_ query: CatalogueQuery) -> Bool {
    (query.order == .dataset || namesSort) && (query.filter.map { namesQuery && $0.isWordsOnly } ?? true)
      && query.grouping == nil
  }

  /// The address of page `page` (from 1) with `cursor`, for `query`.
  public func address(page: Int, cursor: String = "", for query: CatalogueQuery) -> String {
    Self.fill(
      text, page: page, cursor: cursor, sort: query.order == .dataset ? "" : query.order.sortName,
      query: query.filter?.pattern ?? "")
  }

  /// What the header calls the feed: its host and path, never its credentials or query.
  public var displayName: String {
    guard let url = URL(string: address(page: 1, for: CatalogueQuery())), let host = url.host else { return text }
    return host + (url.port.map { ":\($0)" } ?? "") + url.path
  }

  private static func fill(_ text: String, page: Int, cursor: String, sort: String, query: String) -> String {
    text.replacingOccurrences(of: "{page}", with: String(page))
      .replacingOccurrences(of: "{cursor}", with: escaped(cursor))
      .replacingOccurrences(of: "{sort}", with: escaped(sort))
      .replacingOccurrences(of: "{q}", with: escaped(query))
  }

  /// A value as it may stand inside a query string: everything but unreserved characters percent-encoded.
  static func escaped(_ value: String) -> String {
    // RFC 3986's unreserved set, ASCII only (`CharacterSet.alphanumerics` would let 连衣裙 or é through raw).
    let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }
}

/// Why a feed address cannot be used.
public struct FeedTemplateError: Error, Hashable, Sendable {
  public var reason: String
}
