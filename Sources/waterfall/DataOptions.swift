import ArgumentParser
import Foundation
import ShopCatalog

/// Where the items come from and how the simulated feed serves them.
struct DataOptions: ParsableArguments {
  @Option(name: .long, help: "A dataset: a .plist, .json, .jsonl or .csv file, or a directory of page files.")
  var data: String?

  @Option(name: .long, help: "Items per page when one file is served in pages.")
  var pageSize = 50

  @Option(name: .long, help: "Simulated network latency per page, in milliseconds.")
  var latency: Int?

  @Option(name: .long, help: "Probability (0 to 1) that a page fetch fails.")
  var failRate = 0.0

  @Option(name: .long, help: "Seed for the injected failures.")
  var seed: UInt64 = 1

  @Flag(name: .long, help: "After the last page, start again from the first, forever.")
  var loop = false

  func validate() throws {
    guard pageSize > 0 else { throw ValidationError("--page-size must be at least 1") }
    if let latency, latency < 0 { throw ValidationError("--latency must be 0 or more milliseconds") }
    guard failRate.isFinite, (0...1).contains(failRate) else {
      throw ValidationError("--fail-rate must be between 0 and 1")
    }
  }

  /// The dataset to show: --data, or the bundled catalogue.
  func loadDataset() throws(DatasetError) -> (dataset: Dataset, name: String) {
    if let data {
      return (try DatasetLoader.load(path: data), (data as NSString).lastPathComponent)
    }
    guard let bundled = BundledCatalogue.locate() else {
      throw DatasetError(
        file: BundledCatalogue.candidates().joined(separator: ", "),
        reason: "the bundled catalogue is missing; pass --data PATH or set \(BundledCatalogue.environmentVariable)")
    }
    return (try DatasetLoader.load(path: bundled), "Shop catalogue")
  }

  /// ``loadDataset()``, or its reason on stderr and exit status 2.
  func loadDatasetOrExit() throws -> (dataset: Dataset, name: String) {
    do {
      return try loadDataset()
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
  }

  func feed(for dataset: Dataset) -> PageFeed {
    PageFeed(pages: dataset.pages(pageSize: pageSize), failureRate: failRate, seed: seed, loops: loop)
  }
}

/// Prints `waterfall: message` on standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("waterfall: \(message)\n".utf8))
}
