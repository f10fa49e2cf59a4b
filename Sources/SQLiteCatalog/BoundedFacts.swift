import ShopCatalog

extension SQLiteCatalogue {
  /// The facts (counts, sections) of the queries stored most recently: at most ``maximumQueries`` of them and
  /// ``maximumSections`` sections in all, the oldest forgotten first (the one just stored is always kept). A session
  /// that tries one filter or grouping after another holds a bounded amount, not every one it ever asked.
  struct BoundedFacts {
    static let maximumQueries = 16
    static let maximumSections = 200_000

    private var entries: [CatalogueQuery: QueryFacts] = [:]
    /// Oldest first.
    private var stored: [CatalogueQuery] = []
    private var sectionCount = 0

    var count: Int { entries.count }

    subscript(query: CatalogueQuery) -> QueryFacts? {
      get { entries[query] }
      set {
        forget(query)
        guard let newValue else { return }
        entries[query] = newValue
        stored.append(query)
        sectionCount += newValue.groups?.count ?? 0
        while stored.count > 1, stored.count > Self.maximumQueries || sectionCount > Self.maximumSections {
          forget(stored[0])
        }
      }
    }

    subscript(query: CatalogueQuery, default value: @autoclosure () -> QueryFacts) -> QueryFacts {
      get { entries[query] ?? value() }
      set { self[query] = newValue }
    }

    mutating func forget(_ query: CatalogueQuery) {
      guard let old = entries.removeValue(forKey: query) else { return }
      sectionCount -= old.groups?.count ?? 0
      stored.removeAll { $0 == query }
    }
  }
}
