import ShopCatalog

/// What the person changed about the query (`o`, `&`, `S`): for the header while the source answers, and the
/// notice once it has.
public enum QueryChange: Hashable, Sendable {
  case sort(ItemOrder)
  case filter(String)
  /// A filter the language could not read (`problem`): the one before the prompt is shown again.
  case filterKept(problem: String)
  case sections(ItemField?)

  /// While the answer is on its way.
  var progressText: String {
    switch self {
    case .sort(let order): "sorting by \(order.description)"
    case .filter(let text): text.isEmpty ? "showing every item" : "filtering"
    case .filterKept: "filtering"
    case .sections(let field): field.map { "sections by \($0.name)" } ?? "one waterfall"
    }
  }
}
