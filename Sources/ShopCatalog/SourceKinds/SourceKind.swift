/// What the user named as the dataset, before any source is chosen for it.
public enum DatasetAddress: Hashable, Sendable {
  /// Nothing named and nothing piped: the viewer shows the bundled catalogue.
  case unnamed
  /// `-`, or (the viewer's way, as less's) nothing named while standard input is a pipe.
  case standardInput
  /// A path or a web address, as typed.
  case named(String)
}

/// A kind of catalogue source (files, standard input, SQLite, an HTTP feed…): which addresses it opens, opening
/// one for the viewer and checking one for `waterfall check`. The command line keeps one list of them, its
/// registry, and asks each in turn; the first that ``opens(_:)`` an address is the one used by both commands.
public protocol SourceKind {
  /// Whether this kind reads `address`. Must not consume anything (a pipe's bytes are the dataset's).
  func opens(_ address: DatasetAddress) -> Bool

  /// The source, read as far as its first page (`whole`: to its end) before the terminal is touched, so that what
  /// makes it unusable is said on stderr. `query` is the command line's sort and filter, for a source that
  /// fetches its first page for them.
  func open(_ address: DatasetAddress, whole: Bool, query: CatalogueQuery) throws(SourceFailure) -> any OpenedSource

  /// Reads every item and passes each problem's line to `report` as it is found; the summary comes back.
  func check(_ address: DatasetAddress, report: (String) -> Void) throws(SourceFailure) -> CheckSummary
}

/// What the viewer shows, once opened: the source it queries and what the command line asks of it.
public protocol OpenedSource {
  /// The header's name for it.
  var name: String { get }
  var source: any CatalogueSource { get }
  /// Standard input's bytes, kept so that picks print its records as they were.
  var streamedInput: StreamedInput? { get }
  /// Whether a refresh keeps the items loaded, new ones at the front (a feed).
  var refreshKeepsItems: Bool { get }
  /// Whether a refresh keeps the user's place, as a new query does (`r` reads the first page again, and what others
  /// added, where the user is): every source but one whose refresh keeps its items itself (a feed's).
  var refreshKeepsPlace: Bool { get }
  /// The fields a `--group-by` is looked for in first: those of the items read so far.
  var fieldsReadSoFar: [ItemField] { get }
  /// Every item's fields (a file's once read to its end, a feed's of the items seen so far).
  func allFields() -> [ItemField]
}

extension OpenedSource {
  public var streamedInput: StreamedInput? { nil }
  public var refreshKeepsItems: Bool { false }
  public var refreshKeepsPlace: Bool { !refreshKeepsItems }
}

/// Why a source cannot be opened or checked: the lines for stderr, and the exit status (2: it cannot be read; 1:
/// no item is usable).
public struct SourceFailure: Error, Sendable {
  public var lines: [String]
  public var exitStatus: Int32

  public init(lines: [String], exitStatus: Int32 = 2) { (self.lines, self.exitStatus) = (lines, exitStatus) }

  /// A source whose every item has a problem, said rather than opened empty: the first ten problems, then a line
  /// naming the source, exit status 1.
  public static func noUsableItems(problems: [String], name: String) -> SourceFailure {
    let more = problems.count > 10 ? " (\(problems.count - 10) more: `waterfall check` lists them all)" : ""
    return SourceFailure(
      lines: Array(problems.prefix(10)) + ["\(name): no usable items: every item has a problem\(more)"], exitStatus: 1)
  }

  public init(_ error: DatasetError) { self.init(lines: [error.description]) }
}

/// The end of a check: its last line, and how many problems (exit status 1 when any).
public struct CheckSummary: Sendable {
  public var line: String
  public var problemCount: Int

  public init(line: String, problemCount: Int) { (self.line, self.problemCount) = (line, problemCount) }

  /// A check's usual line: "3 items, 1 problem (1 item skipped)", what was skipped named by `skippedNoun`; the
  /// notes, when there are any, after the problems ("2 notes": kept items worth knowing of).
  public init(items: Int, problems: Int, skipped: Int, notes: Int = 0, skippedNoun: String = "item") {
    let skippedText = skipped == 0 ? "" : " (\(Self.count(skipped, skippedNoun)) skipped)"
    let notesText = notes == 0 ? "" : ", \(Self.count(notes, "note"))"
    self.init(
      line: "\(Self.count(items, "item")), \(Self.count(problems, "problem"))\(notesText)\(skippedText)",
      problemCount: problems)
  }

  /// The note for an item kept without a price: "file: item 3: price: none (kept: shown without a price, sorted
  /// last)". Not a problem: shops leave prices out ("price on request", sold out).
  public static func noPriceNote(_ item: ShopItem, file: String, number: Int) -> String? {
    guard item.price.allSatisfy(\.isWhitespace) else { return nil }
    return "\(file): item \(number): price: none (kept: shown without a price, sorted last)"
  }

  /// `number` and `noun`, plural unless one: "1 item", "3 problems".
  public static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

  /// A dataset's check: read as a stream of chunks by `read`, each problem reported as found, so a 10^6-item file
  /// is checked without holding its items. A directory's file that cannot be read is one more problem.
  static func dataset(
    report: (String) -> Void, read: (_ deliver: (DatasetChunk) -> Void) throws(DatasetError) -> Void
  ) throws(SourceFailure) -> CheckSummary {
    var (itemCount, problemCount, skippedCount, noteCount) = (0, 0, 0, 0)
    // Both closures only live for this call; the compiler cannot tell that `read` does not call `report` itself.
    let outcome: Result<Void, DatasetError> = withoutActuallyEscaping(report) { report in
      Result { () throws(DatasetError) in
        try read { chunk in
          if let broken = chunk.brokenFile { report(broken.description) }
          for problem in chunk.problems { report(problem.description) }
          for item in chunk.items {
            guard let note = CheckSummary.noPriceNote(item, file: item.sourceFile, number: item.recordNumber) else {
              continue
            }
            report(note)
            noteCount += 1
          }
          itemCount += chunk.items.count
          problemCount += chunk.problems.count + (chunk.brokenFile == nil ? 0 : 1)
          skippedCount += chunk.skipped
        }
      }
    }
    if case .failure(let error) = outcome { throw SourceFailure(error) }
    return CheckSummary(items: itemCount, problems: problemCount, skipped: skippedCount, notes: noteCount)
  }
}
