import ArgumentParser
import Foundation
import Pictures
import ShopCatalog

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a dataset without opening the terminal.",
    discussion: "Prints one line per problem (file: item N: field: what is wrong), then a summary. Exit status: "
      + "0 with no problems, 1 with problems, 2 when the dataset cannot be read at all.")

  @Argument(
    help:
      ArgumentHelp(
        "A dataset file, a directory of page files, a folder of pictures, a SQLite catalogue, an HTTP feed's "
          + "address, or - for standard input (the default when one is piped in)."), completion: .file())
  var path: String?

  @Option(
    name: .long, help: "A SQLite file's or PostgreSQL database's table of items (default: an imported catalogue's).")
  var table: String?

  @Option(name: .long, help: ArgumentHelp(DataOptions.schemaHelp))
  var schema: String?

  func validate() throws {
    if address == .unnamed {
      throw ValidationError("check needs a dataset: a path, an address, or - for standard input (or pipe one in)")
    }
    try DatasetAddress.refuseTerminalAsDataset(path)
    try DataOptions.refuseTable(table, outsideSQLite: path)
    try DataOptions.refuseSchema(schema, outsidePostgres: path)
  }

  /// The dataset named, or standard input piped in, as the viewer reads it.
  private var address: DatasetAddress { DatasetAddress(commandLine: path, whenPiped: true) }

  func run() throws {
    // The viewer's sources, asked in the viewer's order: a path is read by the source the viewer would read it with.
    let kinds = SourceRegistry.kinds(table: table, schema: schema, network: NetworkConfiguration())
    let summary: CheckSummary
    do {
      summary = try SourceRegistry.kind(for: address, among: kinds).check(address, report: printLine)
    } catch {
      for line in error.lines { printError(line) }
      throw ExitCode(error.exitStatus)
    }
    printLine(summary.line)
    if summary.problemCount > 0 { throw ExitCode(1) }
  }
}
