import ArgumentParser
import Foundation
import HTTPFeed
import Pictures
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
      ArgumentHelp(
        "A dataset file, a directory of page files, a folder of pictures, a SQLite catalogue, an HTTP feed's "
          + "address, or - for standard input."))
  var path: String

  @Option(name: .long, help: "A SQLite file's table of items (default: an imported catalogue's).")
  var table: String?

  func run() throws {
    if table != nil || SQLiteFile.isDatabase(path: path) {
      try checkDatabase()
      return
    }
    if FeedTemplate.isWebAddress(path) {
      try checkFeed()
      return
    }
    // Read as a stream and printed as found: a 10^6-item file is checked without holding its items.
    var (itemCount, problemCount, skippedCount) = (0, 0, 0)
    let printChunk = { (chunk: DatasetChunk) in
      // A directory's file that cannot be read is one more problem; the other files are still checked.
      if let broken = chunk.brokenFile { printLine(broken.description) }
      for problem in chunk.problems { printLine(problem.description) }
      itemCount += chunk.items.count
      problemCount += chunk.problems.count + (chunk.brokenFile == nil ? 0 : 1)
      skippedCount += chunk.skipped
    }
    do {
      if path == "-" {
        try DatasetStream.read(stream: STDIN_FILENO, deliver: printChunk)
      } else {
        try DatasetStream.read(path: path, pictureProbe: pictureProbe, deliver: printChunk)
      }
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let skipped = skippedCount == 0 ? "" : " (\(count(skippedCount, "item")) skipped)"
    printLine("\(count(itemCount, "item")), \(count(problemCount, "problem"))\(skipped)")
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

  /// An HTTP feed: every page in order to the feed's end, each item validated as a file's are; a problem names
  /// the page's address (credentials redacted), the item on the page and the field. A page after the first that
  /// cannot be read ends the check as one more problem; a first page that cannot be read is exit status 2.
  private func checkFeed() throws {
    let report: HTTPFeedCatalogue.CheckReport
    do {
      report = try HTTPFeedCatalogue(template: try FeedTemplate(path)).check()
    } catch let error as FeedTemplateError {
      printError("\(RedactedURL.text(path)): \(error.reason)")
      throw ExitCode(2)
    } catch let error as HTTPFeedCatalogue.Unreadable {
      printError(error.reason)
      throw ExitCode(2)
    }
    for problem in report.problems { printLine(problem.description) }
    if let stopped = report.stoppedBy { printLine(stopped) }
    let problemCount = report.problems.count + (report.stoppedBy == nil ? 0 : 1)
    let skipped = report.skipped == 0 ? "" : " (\(count(report.skipped, "item")) skipped)"
    printLine(
      "\(count(report.itemCount, "item")) in \(count(report.pageCount, "page")), \(count(problemCount, "problem"))"
        + skipped)
    if problemCount > 0 { throw ExitCode(1) }
  }

  private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
