import Foundation
import GRDB
import ShopCatalog

/// `waterfall import`: builds a catalogue database from datasets, streaming (a chunk of items is written as it
/// is read; only each item's shape, ~22 bytes, is kept for ``CatalogueShapes``), into a temporary file renamed over
/// the output at the end, so a failed import never leaves half a catalogue.
public enum CatalogueImport {
  public typealias Progress = ImportProgress
  public typealias Summary = ImportSummary

  /// Imports `sources` (any dataset Waterfall reads) into a new catalogue at `output`; an existing `output` is
  /// treated as `existing` says (appended to: in place, in one transaction). Throws what stops it (a
  /// source that cannot be read, a file that breaks off, the output not writable or not a catalogue to append
  /// to), naming the file.
  public static func run(
    sources: [String], output: String, existing: ImportExisting = .refuse, pictureProbe: PictureProbe? = nil,
    progress: (Progress) -> Void = { _ in }
  ) throws(SQLiteCatalogueError) -> Summary {
    let start = ContinuousClock.now
    var isDirectory: ObjCBool = false
    var appending = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
      guard !isDirectory.boolValue else { throw SQLiteCatalogueError(file: output, reason: "is a directory") }
      switch existing {
      case .refuse:
        throw SQLiteCatalogueError(
          file: output, reason: "already exists (--replace writes over it, --append adds to it)")
      case .replace:
        guard madeByImport(output) else {
          throw SQLiteCatalogueError(
            file: output,
            reason: "is not a catalogue waterfall import made: --replace writes over only those, and it is left as "
              + "it was (remove it first to write a catalogue there)")
        }
      case .append: appending = true
      }
    }
    for source in sources where source != "-" && !FileManager.default.fileExists(atPath: source) {
      throw SQLiteCatalogueError(file: source, reason: "no such file or directory")
    }
    // A new catalogue is written beside the output and renamed over it when whole; an append writes the output.
    let temporary = appending ? nil : temporaryPath(for: output)
    if let temporary {
      removeStaleTemporaries(of: output)
      try? FileManager.default.removeItem(atPath: temporary)
    }
    do {
      defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
      var summary = try write(
        sources: sources, to: temporary ?? output, appending: appending, pictureProbe: pictureProbe,
        progress: progress)
      if let temporary, rename(temporary, output) != 0 {
        throw SQLiteCatalogueError(file: output, reason: "cannot be written (\(String(cString: strerror(errno))))")
      }
      let elapsed = start.duration(to: .now).components
      summary.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
      return summary
    } catch let error as SQLiteCatalogueError {
      throw error
    } catch let error as DatasetError {
      throw SQLiteCatalogueError(file: error.file, reason: error.reason)
    } catch {
      throw SQLiteCatalogueError(file: output, reason: SQLiteCatalogue.reason(error))
    }
  }

  /// Whether `path` is a catalogue an import made (its metadata table names a format), or an empty file: what
  /// `--replace` may write over. Another application's database, or a dataset named as the output by a slip, is
  /// not. Read as any catalogue is, distrusting the file.
  static func madeByImport(_ path: String) -> Bool {
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue == 0 {
      return true
    }
    let queue = try? DatabaseQueue(path: path, configuration: SQLiteCatalogue.readingConfiguration())
    return (try? queue?.read(CatalogueSchema.storedFormat(in:))) != nil
  }

  /// The file this process writes `output` into until it is whole: `OUTPUT.importing-PID`.
  public static func temporaryPath(for output: String) -> String {
    output + temporarySuffix + String(ProcessInfo.processInfo.processIdentifier)
  }

  private static let temporarySuffix = ".importing-"

  /// Removes what imports into `output` that were killed outright (SIGKILL, a power cut) left behind: each
  /// `OUTPUT.importing-PID` whose process is gone. One whose process still runs is another import's, kept.
  public static func removeStaleTemporaries(of output: String) {
    let url = URL(fileURLWithPath: output)
    let folder = url.deletingLastPathComponent().path
    let prefix = url.lastPathComponent + temporarySuffix
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 else { continue }
      if kill(pid, 0) == 0 || errno == EPERM { continue }
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }

  private static func write(
    sources: [String], to path: String, appending: Bool, pictureProbe: PictureProbe?, progress: (Progress) -> Void
  ) throws -> Summary {
    var configuration = Configuration()
    configuration.prepareDatabase { db in CatalogueFunctions.register(in: db) }
    // An append waits for a viewer's read in progress to end before it takes or commits the file.
    if appending { configuration.busyMode = .timeout(30) }
    var summary = Summary()
    var extraKeys = Set<String>()
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.inDatabase { db in
        // A new file that is renamed into place only when whole: no journal needed, and no syncs until then. An
        // append writes the catalogue itself, in one transaction its journal undoes if it fails, taken at once so
        // that another client's writes wait for it rather than come between.
        if !appending { try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF") }
        try db.inTransaction(appending ? .immediate : .deferred) {
          // Appending: the rows there are numbered on from its last, their extra fields' names kept.
          var lastID: Int64 = 0
          if appending {
            guard try CatalogueSchema.storedFormat(in: db) == CatalogueSchema.formatVersion else {
              throw SQLiteCatalogueError(
                file: path, reason: "is not a catalogue waterfall import made: nothing was appended")
            }
            lastID = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM items") ?? 0
            let stored = try String.fetchOne(
              db, sql: "SELECT value FROM waterfall_catalogue WHERE key = ?", arguments: [CatalogueSchema.Key.extraKeys]
            )
            extraKeys.formUnion(
              stored.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String] } ?? [])
            // Packed again from every row at the end: not kept up to date (by its triggers) row by row.
            try dropShapes(db: db)
          } else {
            try db.execute(sql: CatalogueSchema.createTables)
          }
          let insertItem = try db.makeStatement(
            sql: """
              INSERT INTO items(id, w, h, img, price, title, shop, extra, price_up, price_down, title_key)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              """)
          let insertText = try db.makeStatement(sql: "INSERT INTO items_search(rowid, text) VALUES (?, ?)")
          var failure: (any Error)?
          var shapes = CatalogueShapes.Collected()
          for (number, source) in sources.enumerated() {
            try read(source, pictureProbe: pictureProbe) { chunk in
              guard failure == nil else { return }
              summary.skipped += chunk.skipped
              summary.problems += chunk.problems
              if let broken = chunk.brokenFile { summary.brokenFiles.append(broken) }
              do {
                for item in chunk.items {
                  summary.items += 1
                  let id = lastID + Int64(summary.items)
                  for field in item.extraFields { extraKeys.insert(field.key) }
                  try insertItem.execute(arguments: [
                    id, item.width, item.height, pictureAddress(item), item.price, item.title, item.shop,
                    extraJSON(item.extraFields), CatalogueFunctions.priceUp(item.price),
                    CatalogueFunctions.priceDown(item.price), Data(ItemKeys.titleSortKey(item.title)),
                  ])
                  try insertText.execute(arguments: [id, ItemKeys.searchText(of: item)])
                  shapes.append(width: item.width, height: item.height, title: item.title)
                }
              } catch {
                failure = error
              }
              progress(
                Progress(
                  source: number, sources: sources.count, fraction: chunk.fraction, itemsWritten: summary.items))
            }
            if let failure { throw failure }
          }
          if appending {
            try repackShapes(db: db)
          } else {
            try db.execute(sql: CatalogueSchema.createIndexes)
            try CatalogueShapes.write(shapes, db: db)
          }
          // Merging the search index's segments makes every search read one b-tree instead of many.
          try db.execute(sql: "INSERT INTO items_search(items_search) VALUES ('optimize')")
          let keys = String(decoding: try JSONSerialization.data(withJSONObject: extraKeys.sorted()), as: UTF8.self)
          let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
          if appending { summary.catalogueItems = count }
          for (key, value) in [
            (CatalogueSchema.Key.format, CatalogueSchema.formatVersion),
            (CatalogueSchema.Key.itemCount, String(count)), (CatalogueSchema.Key.extraKeys, keys),
          ] {
            try db.execute(
              sql: "INSERT OR REPLACE INTO waterfall_catalogue(key, value) VALUES (?, ?)", arguments: [key, value])
          }
          // Statistics for the query planner, from a sample (quick on millions of rows).
          try db.execute(sql: "PRAGMA analysis_limit = 1000; ANALYZE")
          return .commit
        }
      }
      try queue.close()
    }
    return summary
  }

  /// The picture's address as the viewer resolves it from anywhere: a path relative to the dataset file made
  /// absolute (the catalogue lives elsewhere); URLs and absolute paths as they are.
  static func pictureAddress(_ item: ShopItem) -> String {
    let text = item.imageURL
    guard !text.isEmpty, !text.hasPrefix("/"), !item.sourceFile.isEmpty, !hasScheme(text) else { return text }
    let folder = URL(fileURLWithPath: item.sourceFile).deletingLastPathComponent()
    return folder.appendingPathComponent(text).standardizedFileURL.path
  }

  /// `http:`, `file:` and the like; one letter before the colon is a Windows drive, not a scheme.
  private static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon]
    return scheme.count > 1 && scheme.first!.isLetter
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// A source by its path, or standard input for `-`, read as it arrives as the viewer reads it (`cat items.json |
  /// waterfall import - shop.sqlite`).
  private static func read(
    _ source: String, pictureProbe: PictureProbe?, deliver: (DatasetChunk) -> Void
  ) throws(DatasetError) {
    if source == "-" {
      try DatasetStream.read(stream: STDIN_FILENO, deliver: deliver)
    } else {
      try DatasetStream.read(path: source, pictureProbe: pictureProbe, deliver: deliver)
    }
  }

  private static func extraJSON(_ fields: [ExtraField]) -> String? {
    guard !fields.isEmpty else { return nil }
    var object: [String: String] = [:]
    for field in fields { object[field.key] = field.value }
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
