import Foundation
import Locking
import PostgresNIO
import ShopCatalog

/// `waterfall import SOURCE... postgresql://…`: the datasets streamed into the server with COPY, in one
/// transaction (a failed or interrupted import leaves nothing), the indexes made after the rows, then every row's
/// shape packed per order (``PostgresShapes``) for `G`.
public enum PostgresImport {
  public typealias Progress = ImportProgress
  public typealias Summary = ImportSummary

  /// Imports `sources` into the schema `schema` (made when missing) of the database `address` names; a catalogue
  /// already there is treated as `existing` says, and tables there that no import made are refused always.
  public static func run(
    sources: [String], address text: String, schema: String = PostgresSchema.defaultSchema,
    existing: ImportExisting = .refuse, pictureProbe: PictureProbe? = nil, progress: (Progress) -> Void = { _ in }
  ) throws(PostgresFailure) -> Summary {
    let start = ContinuousClock.now
    var address = try PostgresAddress.reading(text)
    address.schema = schema
    for source in sources where !FileManager.default.fileExists(atPath: source) {
      throw PostgresFailure(address: source, reason: "no such file or directory")
    }
    let session = try PostgresSession.connect(address, readOnly: false)
    defer { session.close() }
    // The trigger's rule tables, computed while the rows are copied (a third of a second of one core).
    Thread.detachNewThread { PostgresRowKeys.computeTables() }
    do {
      try session.run("BEGIN")
      try makeSchemaIfMissing(schema, session: session)
      var appending = false
      switch try whatSchemaHolds(session) {
      case .nothing: break
      case .catalogue:
        switch existing {
        case .refuse:
          try? session.run("ROLLBACK")
          throw PostgresFailure(
            address: address.description,
            reason: "schema \(schema) already holds a catalogue (--replace writes over it, --append adds to it)")
        case .replace: try session.run(PostgresSchema.dropTables)
        case .append: appending = true
        }
      case .othersTables(let names):
        try? session.run("ROLLBACK")
        throw PostgresFailure(
          address: address.description,
          reason: "schema \(schema) holds \(names.joined(separator: ", ")), which no import made: nothing was "
            + "changed (--schema NAME imports into another schema)")
      }
      // The indexes are one sort each, and so is each order's list of ids for the shapes; the trigram index's
      // build, the longest, is faster with room to sort in (PostgreSQL's defaults are 64 MB and 4 MB). For this
      // transaction only.
      try session.run("SET LOCAL maintenance_work_mem = '256MB'")
      try session.run("SET LOCAL work_mem = '256MB'")
      let copied =
        try appending
        ? append(sources, session: session, pictureProbe: pictureProbe, progress: progress)
        : create(sources, session: session, address: address, pictureProbe: pictureProbe, progress: progress)
      try session.run("ANALYZE items")
      try session.run("COMMIT")
      var result = copied.summary
      result.notes = copied.notes
      let elapsed = start.duration(to: .now).components
      result.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
      return result
    } catch let failure as PostgresFailure {
      throw failure
    } catch let error as DatasetError {
      throw PostgresFailure(address: error.file, reason: error.reason)
    } catch {
      throw PostgresFailure(address: address.description, reason: PostgresSession.reason(error, address: address))
    }
  }

  /// A new catalogue: the tables, the rows, then the indexes, triggers, shapes and metadata.
  private static func create(
    _ sources: [String], session: PostgresSession, address: PostgresAddress, pictureProbe: PictureProbe?,
    progress: (Progress) -> Void
  ) throws -> Copied {
    for statement in PostgresSchema.createTables { try session.run(statement) }
    var copied = try copyRows(
      sources, after: 0, shapes: ShapeRuns.Collected(), session: session, pictureProbe: pictureProbe,
      progress: progress)
    for statement in PostgresSchema.createIndexes { try session.run(statement) }
    for statement in PostgresSchema.createTrigger { try session.run(statement) }
    try PostgresRowKeys.install(session: session)
    try PostgresShapes.write(copied.shapes, session: session)
    // pg_trgm is in PostgreSQL's own contrib, trusted since 13; a server without it still searches, by a scan.
    try session.run("SAVEPOINT search_index")
    do {
      try session.run("CREATE EXTENSION IF NOT EXISTS pg_trgm")
      // Its operator class is named in the schema it was made in, which may be off the session's path.
      let home = try session.rows(
        "SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'"
      ).first?.decode(String.self)
      try session.run(PostgresSchema.createSearchIndex(operatorSchema: home ?? "public"))
    } catch {
      try session.run("ROLLBACK TO SAVEPOINT search_index")
      copied.notes.append(
        "no pg_trgm on this server (\(PostgresSession.reason(error, address: address))): searches read every row")
    }
    try writeMetadata(itemCount: copied.summary.items, extraKeys: copied.extraKeys, session: session)
    return copied
  }

  /// The sources' items added to the catalogue there, numbered after its last row, keys computed here as for a
  /// new one (its trigger is told to leave them be); the shapes packed again with the rows' own when their ids run
  /// 1, 2, … (rows another client deleted leave gaps: then `G` measures the rows). Viewers open on the catalogue
  /// are told of the rows at commit, by its trigger.
  private static func append(
    _ sources: [String], session: PostgresSession, pictureProbe: PictureProbe?, progress: (Progress) -> Void
  ) throws -> Copied {
    // Other clients' writes wait for the commit (readers go on): a plain INSERT meanwhile would take an id the
    // rows below are given.
    try session.run("LOCK TABLE items IN SHARE ROW EXCLUSIVE MODE")
    var existing = ShapeRuns.Collected()
    var lastID: Int64 = 0
    var contiguous = true
    while true {
      let batch = try session.rows("SELECT id, w, h, title FROM items WHERE id > \(lastID) ORDER BY id LIMIT 100000")
      for row in batch {
        let (id, width, height, title) = try row.decode((Int64, Double, Double, String).self)
        if id != lastID + 1 { contiguous = false }
        if contiguous { existing.append(width: width, height: height, title: title) }
        lastID = id
      }
      if batch.count < 100_000 { break }
    }
    let stored = try session.rows("SELECT value FROM waterfall_catalogue WHERE key = \(PostgresSchema.Key.extraKeys)")
      .first?.decode(String.self)
    let storedKeys = stored.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String] } ?? []
    try session.run("SET LOCAL \(PostgresRowKeys.importingSetting) = 'on'")
    var copied = try copyRows(
      sources, after: lastID, shapes: contiguous ? existing : ShapeRuns.Collected(), session: session,
      pictureProbe: pictureProbe, progress: progress)
    copied.extraKeys.formUnion(storedKeys)
    try PostgresShapes.write(copied.shapes, packing: contiguous, session: session)
    try PostgresRowKeys.install(session: session)
    var (count, newest): (Int64, Int64) = (0, 0)
    if let totals = try session.rows("SELECT count(*), coalesce(max(id), 0) FROM items").first {
      (count, newest) = try totals.decode((Int64, Int64).self)
    }
    try session.run(
      """
      DELETE FROM waterfall_catalogue WHERE key IN
        ('\(PostgresSchema.Key.itemCount)', '\(PostgresSchema.Key.countedThrough)', '\(PostgresSchema.Key.extraKeys)')
      """)
    try writeMetadata(
      itemCount: Int(count), countedThrough: newest, extraKeys: copied.extraKeys, format: false, session: session)
    copied.summary.catalogueItems = Int(count)
    return copied
  }

  /// The catalogue's description: its format (unless already there), item count and extra fields' names.
  private static func writeMetadata(
    itemCount: Int, countedThrough: Int64? = nil, extraKeys: Set<String>, format: Bool = true,
    session: PostgresSession
  ) throws {
    let keys = String(decoding: try JSONSerialization.data(withJSONObject: extraKeys.sorted()), as: UTF8.self)
    var entries = [(PostgresSchema.Key.itemCount, String(itemCount)), (PostgresSchema.Key.extraKeys, keys)]
    if let countedThrough { entries.append((PostgresSchema.Key.countedThrough, String(countedThrough))) }
    if format { entries.insert((PostgresSchema.Key.format, PostgresSchema.formatVersion), at: 0) }
    for (key, value) in entries {
      _ = try session.rows("INSERT INTO waterfall_catalogue(key, value) VALUES (\(key), \(value))")
    }
  }

  /// A schema's tables that an import would make, as found before it makes them.
  enum SchemaHolds: Equatable {
    case nothing
    /// A catalogue an import made: its metadata table says so.
    case catalogue
    /// Tables of an import's names that no import made (a shop's own `items`): never written over.
    case othersTables([String])
  }

  /// What the session's schema holds of the tables an import makes, told by the format its metadata table holds.
  static func whatSchemaHolds(_ session: PostgresSession) throws -> SchemaHolds {
    var present: [String] = []
    for name in PostgresSchema.madeTables {
      let found = try session.rows("SELECT to_regclass(quote_ident(\(name))) IS NOT NULL").first?.decode(Bool.self)
      if found == true { present.append(name) }
    }
    guard !present.isEmpty else { return .nothing }
    guard present.contains(PostgresSchema.metadataTable) else { return .othersTables(present) }
    // A table of that name with other columns fails the read: rolled back to here, it is someone else's.
    try session.run("SAVEPOINT ownership")
    var format: String?
    do {
      format = try session.rows(PostgresQuery(unsafeSQL: PostgresSchema.writtenFormat)).first?.decode(String?.self)
      try session.run("RELEASE SAVEPOINT ownership")
    } catch {
      try session.run("ROLLBACK TO SAVEPOINT ownership")
    }
    return format == PostgresSchema.formatVersion ? .catalogue : .othersTables(present)
  }

  /// Makes the schema unless it is there (asked first: CREATE SCHEMA IF NOT EXISTS needs the right to create
  /// schemas even when it makes none).
  private static func makeSchemaIfMissing(_ schema: String, session: PostgresSession) throws {
    let missing = try session.rows("SELECT to_regnamespace(quote_ident(\(schema))) IS NULL").first?.decode(Bool.self)
    if missing == true { try session.run("CREATE SCHEMA " + PostgresForeignTable.quoted(schema)) }
  }

  private struct Copied {
    var summary = Summary()
    var extraKeys = Set<String>()
    /// Every row's shape, for ``PostgresShapes``.
    var shapes = ShapeRuns.Collected()
    var notes: [String] = []
  }

  /// Chunks of COPY text, at most this many waiting for the server: reading runs ahead of writing by this much.
  private static let chunksAhead = 4

  /// The datasets read on this thread, chunk by chunk, each chunk's rows handed to a task that writes them to
  /// COPY; the reader waits when the writer is ``chunksAhead`` behind, so memory stays bounded.
  private static func copyRows(
    _ sources: [String], after lastID: Int64, shapes: ShapeRuns.Collected, session: PostgresSession,
    pictureProbe: PictureProbe?, progress: (Progress) -> Void
  ) throws -> Copied {
    let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
    let room = DispatchSemaphore(value: chunksAhead)
    let finished = DispatchSemaphore(value: 0)
    let outcome = Locked<(any Error)?>(nil)
    let connection = session.connection
    let thread = ImportThread()
    defer { thread.stop() }
    Task(executorPreference: thread) {
      do {
        try await connection.copyFrom(
          table: PostgresSchema.itemsTable, columns: PostgresSchema.copiedColumns,
          logger: Logger(label: "waterfall.import")
        ) { writer in
          for await chunk in stream {
            try await writer.write(chunk)
            room.signal()
          }
        }
      } catch {
        outcome.withLock { $0 = error }
        // The reader may be waiting for room: the rest of the stream is let through unwritten.
        for await _ in stream { room.signal() }
      }
      finished.signal()
    }
    var copied = Copied(shapes: shapes)
    var folder = ItemKeysFolder()
    var readFailure: (any Error)?
    do {
      for (number, source) in sources.enumerated() {
        try DatasetStream.read(path: source, pictureProbe: pictureProbe) { chunk in
          guard outcome.withLock({ $0 == nil }) else { return }
          copied.summary.skipped += chunk.skipped
          copied.summary.problems += chunk.problems
          if let broken = chunk.brokenFile { copied.summary.brokenFiles.append(broken) }
          var bytes: [UInt8] = []
          bytes.reserveCapacity(chunk.items.count * 256)
          for item in chunk.items {
            copied.summary.items += 1
            for field in item.extraFields { copied.extraKeys.insert(field.key) }
            copied.shapes.append(width: item.width, height: item.height, title: item.title)
            PostgresRowValues.copyLine(
              id: lastID + Int64(copied.summary.items), item: item, picture: PostgresRowValues.pictureAddress(item),
              folder: &folder, into: &bytes)
          }
          if !bytes.isEmpty {
            room.wait()
            continuation.yield(ByteBuffer(bytes: bytes))
          }
          progress(
            Progress(
              source: number, sources: sources.count, fraction: chunk.fraction, itemsWritten: copied.summary.items))
        }
      }
    } catch {
      readFailure = error
    }
    continuation.finish()
    finished.wait()
    if let error = readFailure ?? outcome.withLock({ $0 }) { throw error }
    return copied
  }
}
