import ArgumentParser
import Foundation
import Pictures
import ShopCatalog
import WaterfallViewer

/// What the viewer shows, opened before the terminal is touched by the source the registry chose for it.
typealias OpenedData = any OpenedSource

extension DatasetAddress {
  /// A dataset as the command line names it, for the viewer and `check` alike: `-` is standard input, nothing
  /// named is ``unnamed``.
  init(commandLine path: String?) {
    switch path {
    case "-": self = .standardInput
    case let path?: self = .named(path)
    case nil: self = .unnamed
    }
  }

  /// ``init(commandLine:)``, and (`whenPiped`: the viewer's and `check`'s way, as less's) standard input when
  /// nothing is named and standard input is not a terminal.
  init(commandLine path: String?, whenPiped: Bool) {
    if whenPiped, path == nil, isatty(STDIN_FILENO) == 0 {
      self = .standardInput
    } else {
      self.init(commandLine: path)
    }
  }

  /// `-` with nothing piped in is refused, for the viewer and `check` alike: the keys would be read as the dataset,
  /// the command waiting for Ctrl-D.
  static func refuseTerminalAsDataset(_ path: String?) throws {
    guard path == "-", isatty(STDIN_FILENO) != 0 else { return }
    throw ValidationError(
      "- reads the dataset from standard input, which is this terminal: pipe one in (cat FILE | waterfall -) or name it"
    )
  }
}

extension DataOptions {
  /// What the user named: standard input, a path or address, or nothing (the bundled catalogue).
  func address(whenPiped: Bool) -> DatasetAddress {
    DatasetAddress(commandLine: datasetPath, whenPiped: whenPiped)
  }

  /// What the viewer waits for while its dataset opens, as a person reads it: no password, no control character.
  var awaitedName: String {
    switch address(whenPiped: true) {
    case .standardInput: "standard input"
    case .named(let path): TextSanitizer.sanitize(RedactedURL.text(path), limit: 200)
    case .unnamed: "the bundled catalogue"
    }
  }

  /// The dataset opened by its source (``SourceRegistry``), read as far as its first page (`whole`: to its end;
  /// a feed: its first page for `query`).
  func open(
    whole: Bool, whenPiped: Bool = false, query: CatalogueQuery = CatalogueQuery(),
    network: NetworkConfiguration = NetworkConfiguration()
  ) throws(SourceFailure) -> OpenedData {
    let address = address(whenPiped: whenPiped)
    let kinds = SourceRegistry.kinds(
      pageSize: pageSize, loops: loop, table: tableForSource, schema: schemaForSource, network: network)
    return try SourceRegistry.kind(for: address, among: kinds).open(address, whole: whole, query: query)
  }

  /// ``open(whole:whenPiped:query:network:)`` for the command line's sort and filter, or its lines on stderr and
  /// the exit status: 2 when the dataset cannot be read, 1 when no item is usable.
  func openOrExit(
    whole: Bool, whenPiped: Bool = false, network: NetworkOptions, organise: OrganiseOptions
  ) throws -> OpenedData {
    try Self.exitOnFailure(opening(whole: whole, whenPiped: whenPiped, network: network, organise: organise))
  }

  /// ``openOrExit(whole:whenPiped:network:organise:)`` without the printing, for a caller that must first clear
  /// the terminal's line (the opening watch's notice) before any message.
  func opening(
    whole: Bool, whenPiped: Bool = false, network: NetworkOptions, organise: OrganiseOptions
  ) -> Result<OpenedData, SourceFailure> {
    let query = CatalogueQuery(
      order: (try? ItemOrder(sortName: organise.sort)) ?? .dataset, filter: organise.filter.map(ItemQuery.init))
    return Result { () throws(SourceFailure) in
      try open(whole: whole, whenPiped: whenPiped, query: query, network: network.networkConfiguration)
    }
  }

  /// The opened dataset, or the failure's lines on stderr and its exit status.
  static func exitOnFailure(_ opening: Result<OpenedData, SourceFailure>) throws -> OpenedData {
    switch opening {
    case .success(let opened): return opened
    case .failure(let error):
      for line in error.lines { printError(line) }
      throw ExitCode(error.exitStatus)
    }
  }
}
