/// Opens an address outside the viewer (the user's browser). Injected: the terminal starts a program, tests and
/// snapshots record. It must never wait for what it starts.
public protocol ExternalOpener: AnyObject {
  /// Starts opening `address`; nil when it started, else why it could not, in words.
  func open(_ address: String) -> String?
}

/// Opens nothing and keeps what it was asked to open, last first: snapshots and tests. A replay gives it the
/// live session's answers, one an open, in order (none left: it started).
public final class RecordingOpener: ExternalOpener {
  public private(set) var opened: [String] = []
  public var answers: [String?] = []

  public init() {}

  public func open(_ address: String) -> String? {
    opened.insert(address, at: 0)
    return answers.isEmpty ? nil : answers.removeFirst()
  }
}
