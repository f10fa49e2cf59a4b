import ArgumentParser
import WaterfallKit
import WaterfallViewer

/// How the viewer draws.
struct DisplayOptions: ParsableArguments {
  @Flag(name: .long, help: "Draw with ASCII only (automatic when the locale is not UTF-8).")
  var ascii = false

  @Flag(name: .long, help: "No colour (also when NO_COLOR is set to anything).")
  var noColor = false

  @Flag(
    name: .long,
    help: "No mouse reporting: clicks and the wheel are left to the terminal (in snapshot, scripted clicks do nothing)."
  )
  var noMouse = false

  @Flag(name: .long, help: "Label each box with its cell object's ID and reuse count (key v toggles).")
  var showReuse = false

  @Flag(name: .long, help: "Open the reuse inspector from the start (key i toggles).")
  var inspector = false

  @Flag(
    name: .long,
    help:
      "On exit, print the session's figures to standard error: cell reuse, blank area, binds, create time, late frames, prefetch hits, pictures."
  )
  var showStats = false

  @Flag(
    name: .long,
    help:
      "A layout for a projector: the reuse inspector open at half the screen beside two columns of bigger boxes (--columns changes them)."
  )
  var presenter = false

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Run the originals' visible-cell queries beside ours in the inspector: "
        + "\(ReuseComparison.Query.originals.map(\.optionName).joined(separator: ", ")), or all (key c toggles all). "
        + "(default: none)",
      valueName: "queries"))
  var compare: String?

  @Option(
    name: .long, parsing: .unconditional,
    help:
      "A column count instead of as many as fit (at most \(DisplayOptions.maximumColumns); fewer when the width is too narrow). (default: as many as fit)"
  )
  var columns: Int?

  /// `--compare`'s queries, or `nil` without it.
  func comparedQueries() throws -> [ReuseComparison.Query]? {
    guard let compare else { return nil }
    if compare == "all" { return ReuseComparison.Query.originals }
    return try compare.split(separator: ",", omittingEmptySubsequences: false).map { name in
      guard let query = ReuseComparison.Query.originals.first(where: { $0.optionName == name }) else {
        throw ValidationError(
          "--compare: \"\(TextSanitizer.sanitize(String(name)))\" is not one of "
            + "\(ReuseComparison.Query.originals.map(\.optionName).joined(separator: ", ")), all")
      }
      return query
    }
  }

  /// More columns than this could never fit the widest screen, so a larger count is a mistake, not a wish.
  static let maximumColumns = 1000

  func validate() throws {
    if let columns, !(1...Self.maximumColumns).contains(columns) {
      throw ValidationError("--columns must be between 1 and \(Self.maximumColumns)")
    }
    _ = try comparedQueries()
  }

  func viewerOptions(environment: [String: String], unicode: Bool, catalogueName: String) -> ViewerOptions {
    var options = ViewerOptions()
    options.glyphs = ascii || !unicode ? .ascii : .unicode
    options.colorEnabled = !noColor && (environment["NO_COLOR"] ?? "").isEmpty
    options.showReuse = showReuse
    options.inspector = inspector
    options.presenter = presenter
    options.comparedQueries = (try? comparedQueries()) ?? nil
    options.mouseEnabled = !noMouse
    options.fixedColumns = columns ?? (presenter ? 2 : nil)
    options.catalogueName = catalogueName
    return options
  }
}
