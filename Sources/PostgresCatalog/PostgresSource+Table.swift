import ShopCatalog

/// `--table NAME` on a PostgreSQL address: the table's rows read once into the in-memory catalogue, which answers
/// every query by the dataset rules (``PostgresForeignTable``). Nothing watches the table for rows added: `r`
/// does not read it again.
extension PostgresSource {
  func openForeign(_ address: DatasetAddress, table: String) throws(SourceFailure) -> any OpenedSource {
    let (name, dataset) = try read(address, table: table)
    // A table whose every row has a problem is said as a dataset's is, rather than opened empty.
    if dataset.itemCount == 0, !dataset.problems.isEmpty {
      let more =
        dataset.problems.count > 10 ? " (\(dataset.problems.count - 10) more: `waterfall check` lists them all)" : ""
      throw SourceFailure(
        lines: dataset.problems.prefix(10).map(\.description) + [
          "\(name): no usable items: every item has a problem\(more)"
        ],
        exitStatus: 1)
    }
    let catalogue = ItemCatalogue(paging: .size(pageSize))
    catalogue.append(dataset.items, problems: dataset.problems, skipped: dataset.skippedItems)
    catalogue.finish()
    return OpenedCatalogue(catalogue: catalogue, name: name)
  }

  func checkForeign(
    _ address: DatasetAddress, table: String, report: (String) -> Void
  ) throws(SourceFailure) -> CheckSummary {
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
