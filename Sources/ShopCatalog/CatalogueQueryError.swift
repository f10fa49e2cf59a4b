/// A sort order or field named on the command line (or typed) that the catalogue does not have.
public enum CatalogueQueryError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownSortOrder(String)
  /// The field asked for, and the fields the items have.
  case unknownField(String, available: [String])

  public var description: String {
    switch self {
    case .unknownSortOrder(let name):
      let names = ItemOrder.allCases.map(\.sortName)
      return "unknown sort order \"\(name)\": use \(names.dropLast().joined(separator: ", ")) or \(names.last!)"
    case .unknownField(let name, let available):
      return "unknown field \"\(name)\": the items have \(available.joined(separator: ", "))"
    }
  }
}
