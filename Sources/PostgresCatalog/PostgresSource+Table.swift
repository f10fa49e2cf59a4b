import ShopCatalog

/// `--table NAME` on a PostgreSQL address: answered on the server (``PostgresShopTable``), or, for a table without
/// an integer `id`, read once into the in-memory catalogue (``PostgresForeignTable``).
extension PostgresSource {
  func openForeign(_ address: DatasetAddress, table: String) throws(SourceFailure) -> any OpenedSource {
    guard let catalogue = try onServer(address, table: table, pageSize: pageSize) else {
      return try openInMemory(address, table: table)
    }
    switch catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) {
    case .failure(let reason): throw SourceFailure(lines: [reason])
    // A table whose every row has a problem is said as a dataset's is, rather than opened empty.
    case .page(let page) where page.items.isEmpty && page.next == nil && !page.skippedPages.isEmpty:
      throw SourceFailure.noUsableItems(problems: page.skippedPages, name: catalogue.name)
    default: break
    }
    catalogue.watchAddedRows()
    return OpenedPostgres(catalogue: catalogue)
  }

  private func openInMemory(_ address: DatasetAddress, table: String) throws(SourceFailure) -> any OpenedSource {
    let (name, dataset) = try read(address, table: table)
    // A table whose every row has a problem is said as a dataset's is, rather than opened empty.
    if dataset.itemCount == 0, !dataset.problems.isEmpty {
      throw SourceFailure.noUsableItems(problems: dataset.problems.map(\.description), name: name)
    }
    let catalogue = ItemCatalogue(paging: .size(pageSize))
    catalogue.append(dataset.items, problems: dataset.problems, skipped: dataset.skippedItems)
    catalogue.finish()
    return OpenedCatalogue(catalogue: catalogue, name: name)
  }

  /// The table answered on the server; nil when it has no integer `id`.
  private func onServer(
    _ address: DatasetAddress, table: String, pageSize: Int
  ) throws(SourceFailure) -> PostgresCatalogue? {
    guard case .named(let text) = address else { throw SourceFailure(lines: ["no PostgreSQL address"]) }
    do {
      return try PostgresShopTable.open(address: text, table: table, schema: schema, pageSize: pageSize)
    } catch {
      throw SourceFailure(lines: [error.description])
    }
  }

  func checkForeign(
    _ address: DatasetAddress, table: String, report: (String) -> Void
  ) throws(SourceFailure) -> CheckSummary {
    if let catalogue = try onServer(address, table: table, pageSize: 1_000) {
      return try check(catalogue, report: report)
    }
    let (_, dataset) = try read(address, table: table)
    for problem in dataset.problems { report(problem.description) }
    let notes = dataset.items.compactMap { CheckSummary.noPriceNote($0, file: $0.sourceFile, number: $0.recordNumber) }
    for note in notes { report(note) }
    return CheckSummary(
      items: dataset.itemCount, problems: dataset.problems.count, skipped: dataset.skippedItems, notes: notes.count)
  }

  private func read(_ address: DatasetAddress, table: String) throws(SourceFailure) -> (String, Dataset) {
    guard case .named(let text) = address else { throw SourceFailure(lines: ["no PostgreSQL address"]) }
    do {
      return try PostgresForeignTable.read(address: text, table: table, schema: schema)
    } catch {
      throw SourceFailure(lines: [error.description])
    }
  }
}
