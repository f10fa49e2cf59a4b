import ArgumentParser
import Foundation
import ShopCatalog
import WaterfallViewer

/// `--pick`: the viewer as a chooser, as fzf is one, and what it prints.
struct PickOptions: ParsableArguments {
  @Flag(
    name: .long,
    help: """
      Choose items: Tab or Space marks, Enter prints the marked items (else the focused one) on standard output \
      and exits 0; Esc, q and Ctrl-C print nothing and exit 130. The screen is drawn on the terminal, so standard \
      output can be a pipe or a file.
      """)
  var pick = false

  @Option(
    name: .customLong("print"),
    help: ArgumentHelp(
      """
      With --pick, what each pick prints: json (its record as one line of JSON, every field it had) \
      or a FIELD's value alone (img, title, price, url, or any field of the records). (default: json)
      """, valueName: "json|FIELD"), completion: .list(PickOptions.printChoices))
  var printed: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("With --pick, mark at most N items (as fzf's --multi). (default: no limit)", valueName: "N"))
  var multi: Int?

  func validate() throws {
    if !pick, printed != nil || multi != nil { throw ValidationError("--print and --multi go with --pick") }
    if let multi, multi < 1 { throw ValidationError("--multi must be at least 1") }
    if printed?.isEmpty == true { throw ValidationError("--print takes json or a field's name") }
  }

  /// A recording's arguments without the picking options, which only the viewer takes, and the picking they
  /// asked for: a pick session's recording replays as the pick session it was (its marks, Enter ending it).
  static func takenOut(of arguments: [String]) -> (others: [String], picking: Picking?) {
    var others: [String] = []
    var pickWords: [String] = []
    var words = arguments[...]
    while let word = words.popFirst() {
      if word == "--pick" || word.hasPrefix("--print=") || word.hasPrefix("--multi=") {
        pickWords.append(word)
      } else if word == "--print" || word == "--multi" {
        pickWords += [word] + (words.popFirst().map { [$0] } ?? [])
      } else {
        others.append(word)
      }
    }
    return (others, (try? PickOptions.parse(pickWords))?.picking)
  }

  /// What `--print` takes, for the shells' completions: json or a field the readers name.
  static let printChoices = ["json"] + ItemFieldNames.all

  /// The viewer's picking, `nil` without `--pick`.
  var picking: Picking? { pick ? Picking(limit: multi) : nil }

  /// The lines to print for `items`, in their order: each record as JSON, or the field's value ("" without one).
  /// A stream's records come from its kept bytes.
  func lines(for items: [ShopItem], streamed: StreamedInput?) -> [String] {
    let records = OriginalRecords.records(
      of: items, contents: { file in file == StreamedInput.name ? streamed?.bytes : nil },
      changed: { file in
        printError("\(file): changed since it was read: its picks are written from the fields read then")
      })
    guard let field = printed, field != "json" else { return records.map(\.json) }
    return records.map { $0.value(of: field) ?? "" }
  }

  /// Writes the picks' lines to `descriptor` (the original standard output); on a terminal, control characters
  /// from the data are shown escaped, never sent.
  func write(_ items: [ShopItem], streamed: StreamedInput?, to descriptor: Int32) {
    let onTerminal = isatty(descriptor) != 0
    let text = lines(for: items, streamed: streamed).map { line in
      onTerminal ? TextSanitizer.escapeVisibly(line) : line
    }
    let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    try? output.write(contentsOf: Data(text.map { $0 + "\n" }.joined().utf8))
  }
}
