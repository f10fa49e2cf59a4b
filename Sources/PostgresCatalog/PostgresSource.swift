import ShopCatalog

/// A catalogue on a PostgreSQL server as a source: a `postgresql://` or `postgres://` address.
public struct PostgresSource: SourceKind {
  let pageSize: Int
  /// A table not made by `waterfall import` (`--table NAME`), read as a dataset (``PostgresForeignTable``).
  let table: String?
  /// `--schema NAME`: where the catalogue is (nil: ``PostgresSchema/defaultSchema``), or where `table` is (nil: the
  /// server's search path).
  let schema: String?

  public init(pageSize: Int, table: String? = nil, schema: String? = nil) {
    (self.pageSize, self.table, self.schema) = (pageSize, table, schema)
  }

  public func opens(_ address: DatasetAddress) -> Bool {
    guard case .named(let text) = address else { return false }
    return PostgresAddress.isAddress(text)
  }

  /// The catalogue, its first page read, so what makes it unusable (an address, a password, a database or a
  /// table, a refused port or TLS) is one line and exit status 2 before the terminal is touched.
  public func open(
    _ address: DatasetAddress, whole: Bool, query: CatalogueQuery
  ) throws(SourceFailure) -> any OpenedSource {
    if let table { return try openForeign(address, table: table) }
    let catalogue = try catalogue(address, pageSize: pageSize)
    if case .failure(let reason) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) {
      throw SourceFailure(lines: [reason])
    }
    // The viewer's (and a snapshot's): rows other clients add are announced; `check` reads what is there.
    catalogue.watchAddedRows()
    return OpenedPostgres(catalogue: catalogue)
  }

  /// Every row read and decoded by the dataset rules: a row changed by hand to a side they reject is a problem
  /// (``PostgresCatalogue/check(batch:)``), listed as a SQLite catalogue's is, and the check exits 1.
  public func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    if let table { return try checkForeign(address, table: table, report: report) }
    return try check(catalogue(address, pageSize: 1_000), report: report)
  }

  /// Every row of `catalogue` read by keyset and decoded by the dataset rules, its problems and notes reported.
  func check(_ catalogue: PostgresCatalogue, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    let found: PostgresCatalogue.CheckReport
    do { found = try catalogue.check() } catch { throw SourceFailure(lines: [error.description]) }
    for problem in found.problems { report(problem.description) }
    for note in found.notes { report(note) }
    return CheckSummary(
      items: found.itemCount, problems: found.problems.count, skipped: found.skippedRows, notes: found.notes.count,
      skippedNoun: "row")
  }

  private func catalogue(_ address: DatasetAddress, pageSize: Int) throws(SourceFailure) -> PostgresCatalogue {
    guard case .named(let text) = address else { throw SourceFailure(lines: ["no PostgreSQL address"]) }
    do {
      return try PostgresCatalogue.open(
        address: text, schema: schema ?? PostgresSchema.defaultSchema, pageSize: pageSize)
    } catch {
      throw SourceFailure(lines: [error.description])
    }
  }
}

/// A PostgreSQL catalogue opened for the viewer, named by its address without the password.
struct OpenedPostgres: OpenedSource {
  let catalogue: PostgresCatalogue

  var name: String { catalogue.name }
  var source: any CatalogueSource { catalogue }
  /// `r` reads the rows other clients added keeping the user's place, as a new query does.
  var refreshKeepsPlace: Bool { true }
  var fieldsReadSoFar: [ItemField] { catalogue.fields }
  func allFields() -> [ItemField] { catalogue.fields }
}
