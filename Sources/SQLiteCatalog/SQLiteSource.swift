import ShopCatalog

/// A SQLite catalogue as a source: a file named as one (`.sqlite`, `.db`…) or starting as one, or any file with
/// `--table`. First in the registry, so `--table` says "SQLite" whatever the name; a pipe is never looked into
/// (its first bytes, once read, would be gone for the dataset reader).
public struct SQLiteSource: SourceKind {
  let table: String?
  let pageSize: Int

  public init(table: String?, pageSize: Int) { (self.table, self.pageSize) = (table, pageSize) }

  public func opens(_ address: DatasetAddress) -> Bool {
    guard case .named(let path) = address else { return false }
    return table != nil || (!StreamSource.isStream(path) && SQLiteFile.isDatabase(path: path))
  }

  /// The catalogue, its first page read, so a file damaged where the viewer starts is refused here, not in the
  /// footer. A file that cannot be used (missing, not a database, corrupt, locked, without the table or its
  /// columns) is one line and exit status 2.
  public func open(
    _ address: DatasetAddress, whole: Bool, query: CatalogueQuery
  ) throws(SourceFailure) -> any OpenedSource {
    let path = try Self.path(of: address)
    let catalogue: SQLiteCatalogue
    do {
      catalogue = try SQLiteCatalogue.open(path: path, table: table, pageSize: pageSize)
    } catch {
      throw SourceFailure(lines: [error.description])
    }
    if case .failure(let reason) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) {
      throw SourceFailure(lines: [reason])
    }
    return OpenedDatabase(catalogue: catalogue, name: DatasetLoader.displayName(ofPath: path))
  }

  /// Every row read (a `--table` row the viewer cannot use is a problem), and SQLite's own check of the file's
  /// structure.
  public func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    let path = try Self.path(of: address)
    let found: SQLiteCatalogue.CheckReport
    do {
      found = try SQLiteCatalogue.open(path: path, table: table).check()
    } catch {
      throw SourceFailure(lines: [error.description])
    }
    for damage in found.damage { report("\(path): \(damage)") }
    for problem in found.problems { report(problem.description) }
    for note in found.notes { report(note) }
    let problemCount = found.problems.count + found.damage.count
    return CheckSummary(
      items: found.itemCount, problems: problemCount, skipped: found.problems.count, notes: found.notes.count,
      skippedNoun: "row")
  }

  private static func path(of address: DatasetAddress) throws(SourceFailure) -> String {
    guard case .named(let path) = address else { throw SourceFailure(lines: ["no SQLite file named"]) }
    return path
  }
}

/// A SQLite catalogue opened for the viewer.
struct OpenedDatabase: OpenedSource {
  let catalogue: SQLiteCatalogue
  let name: String

  var source: any CatalogueSource { catalogue }
  var fieldsReadSoFar: [ItemField] { catalogue.fields }
  func allFields() -> [ItemField] { catalogue.fields }
}
