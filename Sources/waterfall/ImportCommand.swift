import ArgumentParser
import CTerminalSignals
import Foundation
import Pictures
import PostgresCatalog
import SQLiteCatalog
import ShopCatalog

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Build a SQLite (or PostgreSQL) catalogue from datasets.",
    discussion: """
      Reads each SOURCE (any dataset the viewer opens: JSON, JSON Lines, CSV, plist, a directory of page files, a \
      folder of pictures, or - for standard input into a SQLite file) as a stream and writes its items, with their sort keys and a search index, into \
      OUTPUT.sqlite, which `waterfall OUTPUT.sqlite` opens; an OUTPUT of postgresql://user@host:port/db (or libpq's settings, 'dbname=shop') writes the \
      catalogue into that database instead (COPY in one transaction), which `waterfall` opens by the same address. \
      Items with unusable fields are skipped and counted. \
      Exit status: 0 when written, 2 when a source cannot be read or the output cannot be written.
      """)

  @Argument(help: "The datasets to read, then the catalogue to write (OUTPUT.sqlite).", completion: .file())
  var paths: [String] = []

  @Flag(
    name: .long,
    help: "Write over OUTPUT if it is a catalogue an import made (otherwise an existing file is refused).")
  var replace = false

  @Flag(
    name: .long,
    help: "Add the sources' items to the catalogue at OUTPUT, after its own (a new one when there is none).")
  var append = false

  /// What to do with a catalogue already at OUTPUT.
  private var existing: ImportExisting { replace ? .replace : append ? .append : .refuse }

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Into PostgreSQL: the schema to hold the catalogue, made if missing (default: \(PostgresSchema.defaultSchema)). Its tables that no import made are never written over."
    ))
  var schema: String?

  func validate() throws {
    guard paths.count >= 2 else { throw ValidationError("give one or more SOURCE datasets, then OUTPUT.sqlite") }
    if replace && append { throw ValidationError("--replace and --append: give one (write over, or add to)") }
    // A SOURCE is opened by name, or `-` for standard input into a SQLite file: an address would be "no such file
    // or directory", which misleads.
    let sources = paths.dropLast()
    if sources.contains("-") {
      try DatasetAddress.refuseTerminalAsDataset("-")
      guard sources.filter({ $0 == "-" }).count == 1 else {
        throw ValidationError("- (standard input) can be read once")
      }
      if PostgresAddress.isAddress(paths.last!) {
        throw ValidationError(
          "into PostgreSQL, import reads files, not standard input: save it first (cat > items.json) and import that")
      }
    }
    try DataOptions.refuseSchema(schema, outsidePostgres: paths.last)
    for source in sources {
      if let scheme = URLScheme(of: source), scheme != .file, !PostgresAddress.isAddress(source) {
        throw ValidationError(
          "import reads files, not web addresses: \(RedactedURL.text(source)) (save the feed's pages to files first)")
      }
    }
  }

  func run() throws {
    let output = paths.last!
    if PostgresAddress.isAddress(output) { return try importToPostgres(output) }
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    Self.removeTemporaryOnInterrupt(CatalogueImport.temporaryPath(for: output), bar: bar)
    defer { wf_keep_file_on_quit_signals() }
    let summary = try Self.importing(bar: bar) {
      try CatalogueImport.run(
        sources: Array(paths.dropLast()), output: output, existing: existing, pictureProbe: pictureProbe
      ) { progress in
        bar.show(fraction: progress.overall, items: progress.itemsWritten)
      }
    }
    Self.report(output: output, summary)
  }
}

extension ImportCommand {
  /// The import into a PostgreSQL database: one transaction, so an interrupted one leaves nothing to remove.
  private func importToPostgres(_ output: String) throws {
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let summary = try Self.importing(bar: bar) {
      try PostgresImport.run(
        sources: Array(paths.dropLast()), address: output, schema: schema ?? PostgresSchema.defaultSchema,
        existing: existing, pictureProbe: pictureProbe
      ) { progress in
        bar.show(fraction: progress.overall, items: progress.itemsWritten)
      }
    }
    for note in summary.notes { printError(note) }
    Self.report(output: (try? PostgresAddress.parse(output).get().description) ?? output, summary)
  }

  /// Runs an import under its progress bar, which is cleared at the end; what stops it is its one line on
  /// stderr and exit status 2.
  private static func importing<Summary>(
    bar: ProgressBar, _ body: () throws -> Summary
  ) throws -> Summary {
    do {
      let summary = try body()
      bar.clear()
      return summary
    } catch {
      bar.clear()
      printError("\(error)")
      throw ExitCode(2)
    }
  }

  /// What an import says at its end: the files it skipped, the first problems, and the one line of its count.
  private static func report(output: String, _ summary: ImportSummary) {
    for broken in summary.brokenFiles { printError("\(broken.description) (skipped)") }
    for problem in summary.problems.prefix(10) { printError(problem.description) }
    if summary.problems.count > 10 {
      printError("\(summary.problems.count - 10) more problems (`waterfall check SOURCE` lists them all)")
    }
    func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
    let done = summary.catalogueItems.map { "added (\(items($0)) in the catalogue)" } ?? "imported"
    printLine(
      "\(output): \(items(summary.items)) \(done), \(items(summary.skipped)) skipped for problems, "
        + String(format: "%.1f s", summary.seconds))
  }

  /// Ctrl-C or a TERM (or a HUP: the terminal closed) during an import: the half-written temporary file is
  /// removed, then the process ends as the signal would end it. In a C handler, since the import holds the main
  /// thread and a signal that came before a dispatch source was registered was lost (the import went on).
  static func removeTemporaryOnInterrupt(_ temporary: String, bar: ProgressBar) {
    let message = errorLine("interrupted: nothing written (\(temporary) removed)")
    _ = wf_remove_file_on_quit_signals(temporary, bar.clearing + message)
  }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal, at most ten times a second.
final class ProgressBar {
  private let enabled: Bool
  private var lastDrawn = ContinuousClock.now - .seconds(1)
  private var drawn = false

  init(enabled: Bool) { self.enabled = enabled }

  func show(fraction: Double, items: Int) {
    guard enabled, lastDrawn.duration(to: .now) >= .milliseconds(100) else { return }
    lastDrawn = .now
    drawn = true
    let width = 30
    let filled = Int((min(1, max(0, fraction)) * Double(width)).rounded(.down))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    FileHandle.standardError.write(Data("\r\(bar) \(Int(fraction * 100))%  \(items) items\u{1B}[K".utf8))
  }

  /// Erases the bar, so what follows starts on a clean line.
  func clear() {
    guard drawn else { return }
    FileHandle.standardError.write(Data(clearing.utf8))
  }

  /// What erases the bar's line (nothing when there is no bar).
  var clearing: String { enabled ? "\r\u{1B}[K" : "" }
}
