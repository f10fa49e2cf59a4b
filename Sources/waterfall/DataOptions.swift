import ArgumentParser
import Foundation
import Pictures
import PostgresCatalog
import SQLiteCatalog
import ShopCatalog

/// Where the items come from and how the simulated feed serves them.
struct DataOptions: ParsableArguments {
  @Argument(
    help: """
      A dataset or a feed address, as with --data (as in `less FILE`); - reads it from standard input. \
      (default: for the viewer, standard input when it is a pipe; else the bundled catalogue)
      """, completion: .file())
  var path: String?

  @Option(
    name: .long,
    help: """
      A dataset: a .plist, .json, .jsonl or .csv file, a directory of page files or photos, a SQLite file \
      (`waterfall import` makes one), an http(s) JSON feed ({page}, {cursor}, {sort}, {q}), a PostgreSQL \
      address (postgresql://…, or libpq's settings: 'host=/var/run/postgresql dbname=shop'), or - for standard input. \
      (default: PATH)
      """, completion: .file())
  var data: String?

  // `.unconditional` takes the next word as the value even when it starts with "-", so a negative number reaches
  // validate() and its message instead of "Missing value".
  @Option(name: .long, parsing: .unconditional, help: "Items per page when one file is served in pages.")
  var pageSize = 50

  @Option(
    name: .long, parsing: .unconditional,
    help: "Simulated network latency per page, in milliseconds: a demo of a slow network. (default: 0, none)")
  var latency: Int?

  @Option(name: .long, parsing: .unconditional, help: "Probability (0 to 1) that a page fetch fails.")
  var failRate = 0.0

  @Option(name: .long, parsing: .unconditional, help: "Seed for the injected failures (0 or more).")
  var seed = 1

  @Flag(name: .long, help: "After the last page, start again from the first, forever.")
  var loop = false

  @Option(
    name: .long,
    help:
      "A SQLite file's or PostgreSQL database's table of items, its columns named as dataset fields (default: an imported catalogue's)."
  )
  var table: String?

  /// The config file's `table`: a config applies to every run, so it names the table of SQLite files only and a
  /// JSON file opened with the same config is read as ever (``tableForSource``).
  @Option(name: .customLong("config-table"), help: ArgumentHelp(visibility: .private))
  var configTable: String?

  @Option(name: .long, help: ArgumentHelp(Self.schemaHelp))
  var schema: String?

  /// The config file's `schema`, for PostgreSQL addresses only, as `table` is for SQLite files (``schemaForSource``).
  @Option(name: .customLong("config-schema"), help: ArgumentHelp(visibility: .private))
  var configSchema: String?

  static let schemaHelp =
    "A PostgreSQL database's schema: the catalogue's (default: \(PostgresSchema.defaultSchema)), or with --table the table's (default: the server's search path)."

  /// The longest simulated latency: a day, far beyond any test, and safe to add to the clock.
  static let maximumLatency = 86_400_000

  func validate() throws {
    guard pageSize > 0 else { throw ValidationError("--page-size must be at least 1") }
    if let latency, !(0...Self.maximumLatency).contains(latency) {
      throw ValidationError("--latency must be between 0 and \(Self.maximumLatency) milliseconds")
    }
    guard failRate.isFinite, (0...1).contains(failRate) else {
      throw ValidationError("--fail-rate must be between 0 and 1")
    }
    guard seed >= 0 else { throw ValidationError("--seed must be 0 or more") }
    if path != nil, data != nil {
      throw ValidationError("give the dataset once: either as PATH or with --data, not both")
    }
    try DatasetAddress.refuseTerminalAsDataset(datasetPath)
    try Self.refuseTable(table, outsideSQLite: datasetPath)
    try Self.refuseSchema(schema, outsidePostgres: datasetPath)
    // `waterfall --config X config`: a subcommand is known by the first word only, so it was read as a dataset.
    if let path, Waterfall.subcommandNames.contains(path), !FileManager.default.fileExists(atPath: path) {
      throw ValidationError("\(path) is a subcommand: put it first (waterfall \(path) [options])")
    }
  }

  /// `--table` on a dataset that is not a SQLite file would have it read as one ("not a SQLite database"): said
  /// as what it is, naming the option and the file. A file not there yet is left to the SQLite source's message,
  /// and a pipe is never looked into (`-` reads it as a stream, as ever).
  static func refuseTable(_ table: String?, outsideSQLite path: String?) throws {
    guard let table, let path else { return }
    if PostgresAddress.isAddress(path) { return }
    let isOther =
      path.contains("://") || (FileManager.default.fileExists(atPath: path) && !SQLiteFile.isDatabase(path: path))
    guard isOther else { return }
    throw ValidationError("--table \(table) applies only to SQLite files and PostgreSQL addresses: \(path) is neither")
  }

  /// `--schema` names a PostgreSQL database's schema: on anything else it would be ignored, so it is refused.
  static func refuseSchema(_ schema: String?, outsidePostgres path: String?) throws {
    if schema?.isEmpty == true { throw ValidationError("--schema needs a schema's name") }
    guard let schema, !(path.map(PostgresAddress.isAddress) ?? false) else { return }
    throw ValidationError("--schema \(schema) applies only to PostgreSQL addresses: \(path ?? "no dataset") is not one")
  }

  /// The schema the PostgreSQL source is given: the command line's, or the config's.
  var schemaForSource: String? { schema ?? configSchema }

  /// The table the SQLite source is given: the command line's, or the config's when the dataset is a SQLite file.
  var tableForSource: String? {
    if let table { return table }
    guard let configTable, case .named(let path) = address(whenPiped: false), SQLiteFile.isDatabase(path: path)
    else { return nil }
    return configTable
  }

  /// The dataset path from --data or the positional PATH, if any.
  var datasetPath: String? { data ?? path }

  /// Whether the dataset comes from standard input: `-`, or (`whenPiped`, the viewer's way, as less's) no dataset
  /// named while standard input is not a terminal.
  func readsStandardInput(whenPiped: Bool) -> Bool {
    address(whenPiped: whenPiped) == .standardInput
  }

  /// Whether the dataset is a SQLite catalogue (by its name or its first bytes, or because --table names a table).
  var isSQLite: Bool {
    SQLiteSource(table: tableForSource, pageSize: pageSize).opens(address(whenPiped: false))
  }

  /// The data as the viewer queries it. A file, a folder, standard input and a database are local and a feed's
  /// latency is the network's own, so nothing waits unless `--latency` or `--fail-rate` asks for the simulated
  /// network (the originals' demo of load-more).
  func source(for data: OpenedData) -> SimulatedNetwork {
    SimulatedNetwork(data.source, latencyMilliseconds: latency ?? 0, failureRate: failRate, seed: UInt64(seed))
  }
}
