/// One page of an HTTP JSON feed, read from its body (``FeedPageBody/read(bytes:address:)``): the items, each
/// item's identity, and what the body says of the next page. Pure, so the reader can be fuzzed and tested without
/// a server.
public struct FeedPageBody: Hashable, Sendable {
  /// What the body says of the next page.
  public enum Next: Hashable, Sendable {
    /// No next field at all: the Link header or the URL template decides.
    case unstated
    /// A next field that says there is none (`null`, `""`, `false`, or `hasNextPage: false`).
    case end
    /// The next page's address or cursor, as written.
    case value(String)
  }

  /// The member names that hold a page's items in an object, tried in this order.
  public static let itemKeys = ["items", "data", "products", "results"]
  /// The member names that give the next page, tried in this order (then `pageInfo`).
  public static let nextKeys = ["next", "next_url", "nextCursor"]

  public var items: [ShopItem]
  /// Each item's identity, beside it: its `id` field when it has one, else its picture address and title.
  public var identities: [String]
  /// The elements that are not usable items.
  public var problems: [DatasetProblem]
  public var next: Next

  /// Reads a response body: a JSON array of items, or an object holding one under ``itemKeys``. `address` names
  /// the page in problems and errors (already free of credentials). Throws when the body is not such JSON.
  public static func read(bytes: [UInt8], address: String) throws(DatasetError) -> FeedPageBody {
    let body = ByteOrderMark.removed(from: bytes)
    let root: DatasetValue
    do {
      root = try JSONReader.parse(body)
    } catch {
      throw DatasetError(file: address, reason: "not JSON: \(error.description)")
    }
    let elements: [DatasetValue]
    var next = Next.unstated
    switch root {
    case .array(let array): elements = array
    case .dictionary(let members):
      guard let key = itemKeys.first(where: { if case .array = members[$0] { true } else { false } }),
        case .array(let array) = members[key]
      else {
        throw DatasetError(
          file: address,
          reason: "a JSON object without an array of items (\(itemKeys.joined(separator: ", ")))")
      }
      elements = array
      next = nextField(members)
    default:
      throw DatasetError(file: address, reason: "the JSON is \(root.kindDescription), not an array of items")
    }
    var page = FeedPageBody(items: [], identities: [], problems: [], next: next)
    for (index, element) in elements.enumerated() {
      let record: [String: DatasetValue]
      switch RecordReader.entry(element) {
      case .record(let fields): record = fields
      case .unusable(let field, let message):
        page.problems.append(DatasetProblem(file: address, item: index + 1, field: field, message: message))
        continue
      }
      switch ItemDecoder.decode(record, file: address, item: index + 1) {
      case .item(let item):
        page.items.append(item)
        page.identities.append(identity(of: item, id: record["id"]))
      case .unusable(let problems): page.problems += problems
      }
    }
    return page
  }

  /// An item's identity in a feed: `id` when the item has a usable one, else its picture address and title.
  static func identity(of item: ShopItem, id: DatasetValue?) -> String {
    switch id {
    case .string(let text) where !text.isEmpty: "id \(text)"
    case .integer(let number): "id \(number)"
    case .real(let number) where number.isFinite: "id \(DatasetValue.format(number))"
    default: "picture \(item.imageURL)\u{0}title \(item.title)"
    }
  }

  /// The next page as the body's members give it.
  private static func nextField(_ members: [String: DatasetValue]) -> Next {
    for key in nextKeys {
      guard let value = members[key] else { continue }
      switch value {
      case .string(let text) where !text.isEmpty: return .value(text)
      case .integer(let number): return .value(String(number))
      case .string, .null, .bool(false): return .end
      default: continue
      }
    }
    guard case .dictionary(let info)? = members["pageInfo"] else { return .unstated }
    if case .bool(false)? = info["hasNextPage"] { return .end }
    switch info["endCursor"] {
    case .string(let cursor)? where !cursor.isEmpty: return .value(cursor)
    case .integer(let number)?: return .value(String(number))
    default: return info["hasNextPage"] == nil ? .unstated : .end
    }
  }
}
