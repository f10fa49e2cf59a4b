import ArgumentParser
import Foundation
import Pictures
import SQLiteCatalog
import ShopCatalog

/// Where the items come from and how the simulated feed serves them.
struct DataOptions: ParsableArguments {
  @Argument(
    help: """
      A dataset or a feed address, as with --data (as in `less FILE`); - reads it from standard input. \
      (default: standard input when it is a pipe, else the bundled catalogue)
      """, completion: .file())
  var path: String?

  @Option(
    name: .long,
    help: """
      A dataset: a .plist, .json, .jsonl or .csv file, a directory of page files, an http(s) JSON feed ({page}, \
      {cursor}, {sort}, {q}), or - for standard input. (default: PATH)
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
    help: "A SQLite file's table of items, its columns named as dataset fields (default: an imported catalogue's).")
  var table: String?

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
  }

  /// The dataset path from --data or the positional PATH, if any.
  var datasetPath: String? { data ?? path }

  /// Whether the dataset comes from standard input: `-`, or (`whenPiped`, the viewer's way, as less's) no dataset
  /// named while standard input is not a terminal.
  func readsStandardInput(whenPiped: Bool) -> Bool {
    datasetPath == "-" || (whenPiped && datasetPath == nil && isatty(STDIN_FILENO) == 0)
  }

  /// The dataset to show, --data, standard input or the bundled catalogue, opened as a catalogue that reads in
  /// the background.
  func openCatalogue(whenPiped: Bool = false) throws(DatasetError) -> OpenedCatalogue {
    if let (descriptor, name) = try openStream(whenPiped: whenPiped) {
      let (catalogue, input) = CatalogueReading.open(
        stream: descriptor, named: name, pageSize: pageSize, loops: loop)
      return OpenedCatalogue(catalogue: catalogue, name: name, streamed: input)
    }
    if let datasetPath {
      return OpenedCatalogue(
        catalogue: try CatalogueReading.open(
          path: datasetPath, pageSize: pageSize, loops: loop, pictureProbe: pictureProbe),
        name: DatasetLoader.displayName(ofPath: datasetPath))
    }
    guard let bundled = BundledCatalogue.locate() else {
      throw DatasetError(
        file: BundledCatalogue.candidates().joined(separator: ", "),
        reason: "the bundled catalogue is missing; pass --data PATH or set \(BundledCatalogue.environmentVariable)")
    }
    return OpenedCatalogue(
      catalogue: try CatalogueReading.open(path: bundled, pageSize: pageSize, loops: loop), name: "Shop catalogue")
  }

  /// A descriptor of its own for a dataset that arrives rather than sits on disk, and its name: standard input, or
  /// a path that is a pipe (`<(a command)`, a FIFO), which has no size and cannot be read twice. Nil for a file.
  private func openStream(whenPiped: Bool) throws(DatasetError) -> (descriptor: Int32, name: String)? {
    if readsStandardInput(whenPiped: whenPiped) {
      // The viewer may put the terminal in standard input's place meanwhile.
      let descriptor = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
      guard descriptor >= 0 else { throw DatasetError(file: StreamedInput.name, reason: "cannot be read") }
      return (descriptor, StreamedInput.name)
    }
    guard let datasetPath, Self.isStream(datasetPath) else { return nil }
    let descriptor = open(datasetPath, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw DatasetError(file: datasetPath, reason: "cannot be read: \(String(cString: strerror(errno)))")
    }
    return (descriptor, datasetPath)
  }

  /// ``openCatalogue()`` read as far as the first page (`whole`: to the end; a pipe: its first records), before the
  /// terminal is touched.
  /// What makes the dataset unusable is said on stderr: a path or a first page that cannot be read (exit status
  /// 2), or a dataset whose every item is unusable (its first problems, exit status 1), so nobody opens an empty
  /// viewer wondering why. A malformed record after the first page is the viewer's to show.
  func openCatalogueOrExit(whole: Bool, whenPiped: Bool = false) throws -> OpenedCatalogue {
    let opened: OpenedCatalogue
    do {
      opened = try openCatalogue(whenPiped: whenPiped)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let catalogue = opened.catalogue
    if whole {
      catalogue.waitUntilComplete()
    } else if opened.streamed != nil {
      catalogue.waitUntilStarted()
    } else {
      catalogue.waitForFirstPage()
    }
    let progress = catalogue.progress
    if let stopped = progress.stoppedBy, progress.itemsRead < pageSize {
      printError(stopped)
      throw ExitCode(2)
    }
    guard progress.isComplete, progress.itemsRead == 0 else { return opened }
    let broken = catalogue.brokenPageReasons
    if !broken.isEmpty {
      for reason in broken { printError(reason) }
      throw ExitCode(2)
    }
    let problems = catalogue.readProblems
    if !problems.isEmpty {
      for problem in problems.prefix(10) { printError(problem.description) }
      let more = problems.count > 10 ? " (\(problems.count - 10) more: `waterfall check` lists them all)" : ""
      printError("no usable items: every item has a problem\(more)")
      throw ExitCode(1)
    }
    return opened
  }

  /// Whether the dataset is a SQLite catalogue (by its name or its first bytes, or because --table names a table).
  var isSQLite: Bool {
    guard let datasetPath, datasetPath != "-" else { return false }
    // A pipe's first bytes, once read to look for SQLite's header, would be gone for the dataset reader.
    return table != nil || (!Self.isStream(datasetPath) && SQLiteFile.isDatabase(path: datasetPath))
  }

  /// Whether `path` is a pipe or a character device: bytes that arrive, with no size, read once.
  static func isStream(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFCHR
  }

  /// The SQLite catalogue at `path`, its first page read, so a file damaged where the viewer starts is refused
  /// here, not in the footer. A file that cannot be used (missing, not a database, corrupt, locked, without the
  /// table or its columns) gets one line and exit status 2.
  func openDatabaseOrExit(path: String) throws -> SQLiteCatalogue {
    do {
      let catalogue = try SQLiteCatalogue.open(path: path, table: table, pageSize: pageSize)
      if case .failure(let reason) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) {
        printError(reason)
        throw ExitCode(2)
      }
      return catalogue
    } catch let error as SQLiteCatalogueError {
      printError(error.description)
      throw ExitCode(2)
    }
  }

  /// The data as the viewer queries it. A file, a folder, standard input and a database are local and a feed's
  /// latency is the network's own, so nothing waits unless `--latency` or `--fail-rate` asks for the simulated
  /// network (the originals' demo of load-more).
  func source(for data: OpenedData) -> SimulatedNetwork {
    SimulatedNetwork(data.source, latencyMilliseconds: latency ?? 0, failureRate: failRate, seed: UInt64(seed))
  }
}

/// A dataset opened for the viewer: its catalogue, its name for the header, and, read from standard input, the
/// bytes kept (what `--pick` prints records from).
struct OpenedCatalogue {
  var catalogue: ItemCatalogue
  var name: String
  var streamed: StreamedInput?
}

/// Picture sizes for photo folders, from the header alone (libvips through the Pictures module).
let pictureProbe: PictureProbe = { path in
  PictureDecoder.probe(path: path).map { PhotoSize(width: $0.width, height: $0.height) }
    .mapError { PhotoProbeFailure(reason: $0.reason) }
}
