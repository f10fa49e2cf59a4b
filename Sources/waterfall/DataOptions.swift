import ArgumentParser
import Foundation
import Pictures
import ShopCatalog

/// Where the items come from and how the simulated feed serves them.
struct DataOptions: ParsableArguments {
  @Argument(help: "A dataset, as with --data (as in `less FILE`).")
  var path: String?

  @Option(name: .long, help: "A dataset: a .plist, .json, .jsonl or .csv file, or a directory of page files.")
  var data: String?

  // `.unconditional` takes the next word as the value even when it starts with "-", so a negative number reaches
  // validate() and its message instead of "Missing value".
  @Option(name: .long, parsing: .unconditional, help: "Items per page when one file is served in pages.")
  var pageSize = 50

  @Option(name: .long, parsing: .unconditional, help: "Simulated network latency per page, in milliseconds.")
  var latency: Int?

  @Option(name: .long, parsing: .unconditional, help: "Probability (0 to 1) that a page fetch fails.")
  var failRate = 0.0

  @Option(name: .long, parsing: .unconditional, help: "Seed for the injected failures (0 or more).")
  var seed = 1

  @Flag(name: .long, help: "After the last page, start again from the first, forever.")
  var loop = false

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

  /// The dataset to show: --data, or the bundled catalogue.
  func loadDataset() throws(DatasetError) -> (dataset: Dataset, name: String) {
    if let datasetPath {
      return (
        try DatasetLoader.load(path: datasetPath, pictureProbe: pictureProbe),
        DatasetLoader.displayName(ofPath: datasetPath)
      )
    }
    guard let bundled = BundledCatalogue.locate() else {
      throw DatasetError(
        file: BundledCatalogue.candidates().joined(separator: ", "),
        reason: "the bundled catalogue is missing; pass --data PATH or set \(BundledCatalogue.environmentVariable)")
    }
    return (try DatasetLoader.load(path: bundled), "Shop catalogue")
  }

  /// ``loadDataset()``, or its reason on stderr and exit status 2.
  /// Also a dataset whose every item is unusable: its problems on stderr (the first few) and exit status 1, so
  /// nobody opens an empty viewer wondering why.
  func loadDatasetOrExit() throws -> (dataset: Dataset, name: String) {
    let loaded: (dataset: Dataset, name: String)
    do {
      loaded = try loadDataset()
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let problems = loaded.dataset.problems
    if loaded.dataset.itemCount == 0, !problems.isEmpty {
      for problem in problems.prefix(10) { printError(problem.description) }
      let more = problems.count > 10 ? " (\(problems.count - 10) more: `waterfall check` lists them all)" : ""
      printError("no usable items: every item has a problem\(more)")
      throw ExitCode(1)
    }
    return loaded
  }

  func feed(for dataset: Dataset) -> PageFeed {
    PageFeed(pages: dataset.pages(pageSize: pageSize), failureRate: failRate, seed: UInt64(seed), loops: loop)
  }
}

/// Picture sizes for photo folders, from the header alone (libvips through the Pictures module).
let pictureProbe: PictureProbe = { path in
  PictureDecoder.probe(path: path).map { PhotoSize(width: $0.width, height: $0.height) }
    .mapError { PhotoProbeFailure(reason: $0.reason) }
}
