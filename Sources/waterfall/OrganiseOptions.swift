import ArgumentParser
import ShopCatalog
import WaterfallViewer

/// Which items are shown, in which order, in which sections.
struct OrganiseOptions: ParsableArguments {
  @Option(
    name: .long, parsing: .unconditional,
    help:
      "Show only the items that match, in the & key's language: words, -word, price<200, shop:NAME. (default: every item)"
  )
  var filter: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: "The order: dataset, price (lowest first), -price (highest first) or title.",
    completion: .list(ItemOrder.allCases.map(\.sortName)))
  var sort = "dataset"

  @Option(
    name: .long, help: "Sections by a field: shop, price, title or any extra field's name (S toggles). (default: none)",
    completion: .list([ItemField.shop, .price, .title].map(\.name)))
  var groupBy: String?

  @Option(
    name: .long,
    help:
      "The fields the facet panel (F) counts, comma-separated: shop, price, title or any extra field's name. (default: shop)"
  )
  var facets: String?

  func validate() throws {
    do {
      _ = try ItemOrder(sortName: sort)
    } catch {
      throw ValidationError("--sort: \(error.description)")
    }
    if let problem = filter.flatMap({ ItemQuery($0).problem }) { throw ValidationError("--filter: \(problem)") }
    if let facets, Self.names(facets).isEmpty { throw ValidationError("--facets: name at least one field") }
  }

  /// Sets the options' order, filter and sections; a field the items do not have is a usage error that names
  /// the fields they do have (looked for in the items read so far, then, if need be, in the whole catalogue).
  func apply(to options: inout ViewerOptions, data: OpenedData) throws {
    options.sort = try ItemOrder(sortName: sort)
    options.filter = filter
    // A condition's extra field is named as the catalogue spells it.
    for case .extra(let key) in filter.map({ ItemQuery($0).conditions.map(\.field) }) ?? [] {
      let fields = data.fieldsReadSoFar.contains(.extra(key)) ? data.fieldsReadSoFar : data.allFields()
      guard !fields.contains(.extra(key)) else { continue }
      try refuse("--filter", CatalogueQueryError.unknownField(key, available: fields.map(\.name)))
    }
    if let facets {
      var fields: [ItemField] = []
      for name in Self.names(facets) {
        let found = try field(named: name, option: "--facets", data: data)
        if !fields.contains(found) { fields.append(found) }
      }
      options.facets = fields
    }
    if let groupBy { options.groupBy = try field(named: groupBy, option: "--group-by", data: data) }
  }

  /// The field called `name`, looked for in the items read so far, then, if need be, in the whole catalogue.
  private func field(named name: String, option: String, data: OpenedData) throws -> ItemField {
    if let field = try? ItemField.named(name, among: data.fieldsReadSoFar) { return field }
    do {
      return try ItemField.named(name, among: data.allFields())
    } catch {
      try refuse(option, error)
    }
  }

  /// Found only once the data is read, so after parsing: said like a usage error, with its status.
  private func refuse(_ option: String, _ error: CatalogueQueryError) throws -> Never {
    printError("\(option): \(error.description)")
    throw ExitCode.validationFailure
  }

  /// `--facets`' names, blanks left out.
  static func names(_ list: String) -> [String] {
    list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
