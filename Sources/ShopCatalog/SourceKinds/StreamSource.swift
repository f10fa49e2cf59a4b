import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A dataset that arrives rather than sits on disk: standard input, or a path that is a pipe (`<(a command)`, a
/// FIFO) or a character device, which has no size and cannot be read twice. Read as it arrives, its bytes kept.
public struct StreamSource: SourceKind {
  let pageSize: Int
  let loops: Bool

  public init(pageSize: Int, loops: Bool) { (self.pageSize, self.loops) = (pageSize, loops) }

  public func opens(_ address: DatasetAddress) -> Bool {
    switch address {
    case .standardInput: true
    case .named(let path): Self.isStream(path)
    case .unnamed: false
    }
  }

  public func open(
    _ address: DatasetAddress, whole: Bool, query: CatalogueQuery
  ) throws(SourceFailure) -> any OpenedSource {
    let (descriptor, name) = try Self.descriptor(of: address)
    let (catalogue, input) = CatalogueReading.open(stream: descriptor, named: name, pageSize: pageSize, loops: loops)
    return try OpenedCatalogue(catalogue: catalogue, name: name, streamed: input)
      .readyForViewer(address: name, whole: whole, pageSize: pageSize)
  }

  public func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary {
    let (descriptor, name) = try Self.descriptor(of: address)
    defer { close(descriptor) }
    return try CheckSummary.dataset(report: report) { (deliver) throws(DatasetError) in
      try DatasetStream.read(stream: descriptor, named: name, deliver: deliver)
    }
  }

  /// Whether `path` is a pipe or a character device: bytes that arrive, with no size, read once.
  public static func isStream(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFCHR
  }

  /// A descriptor of its own for the stream, and its name in messages.
  private static func descriptor(of address: DatasetAddress) throws(SourceFailure) -> (Int32, String) {
    guard case .named(let path) = address else {
      // The viewer may put the terminal in standard input's place meanwhile.
      let descriptor = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
      guard descriptor >= 0 else {
        throw SourceFailure(DatasetError(file: StreamedInput.name, reason: "cannot be read"))
      }
      return (descriptor, StreamedInput.name)
    }
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SourceFailure(DatasetError.unreadable(file: path))
    }
    return (descriptor, path)
  }
}
