import ArgumentParser
import Foundation
import SQLiteCatalog
import ShopCatalog

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a dataset without opening the terminal.",
    discussion: "Prints one line per problem (file: item N: field: what is wrong), then a summary. Exit status: "
      + "0 with no problems, 1 with problems, 2 when the dataset cannot be read at all.")

  @Argument(
    help:
      "A dataset file, a directory of page files, a folder of pictures, a SQLite catalogue, or - for standard input.")
  var path: String

  @Option(name: .long, help: "A SQLite file's table of items (default: an imported catalogue's).")
  var table: String?

  func run() throws {
    if table != nil || SQLiteFile.isDatabase(path: path) {
      try checkDatabase()
      return
    }
    let dataset: Dataset
    do {
      dataset =
        path == "-"
        ? try DatasetLoader.load(stream: STDIN_FILENO) : try DatasetLoader.load(path: path, pictureProbe: pictureProbe)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    // A directory's file that cannot be read is one more problem; the other files are still checked.
    for broken in dataset.brokenFiles { printLine(broken.description) }
    for problem in dataset.problems { printLine(problem.description) }
    let problemCount = dataset.problems.count + dataset.brokenFiles.count
    let skipped = dataset.skippedItems == 0 ? "" : " (\(count(dataset.skippedItems, "item")) skipped)"
    printLine("\(count(dataset.itemCount, "item")), \(count(problemCount, "problem"))\(skipped)")
    if problemCount > 0 { throw ExitCode(1) }
  }

  /// A SQLite catalogue: every row read (a `--table` row the viewer cannot use is a problem), and SQLite's own
  /// check of the file's structure.
  private func checkDatabase() throws {
    let report: SQLiteCatalogue.CheckReport
    do {
      report = try SQLiteCatalogue.open(path: path, table: table).check()
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    for damage in report.damage { printLine("\(path): \(damage)") }
    for problem in report.problems { printLine(problem.description) }
    let problemCount = report.problems.count + report.damage.count
    let skipped = report.problems.isEmpty ? "" : " (\(count(report.problems.count, "row")) skipped)"
    printLine("\(count(report.itemCount, "item")), \(count(problemCount, "problem"))\(skipped)")
    if problemCount > 0 { throw ExitCode(1) }
  }

  private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
