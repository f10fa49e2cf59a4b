import ArgumentParser
import WaterfallTUI

/// How the viewer draws.
struct DisplayOptions: ParsableArguments {
  @Flag(name: .long, help: "Draw with ASCII only (automatic when the locale is not UTF-8).")
  var ascii = false

  @Flag(name: .long, help: "No colour (also when NO_COLOR is set to anything).")
  var noColor = false

  @Flag(name: .long, help: "Label each box with its cell object's ID and reuse count (key v toggles).")
  var showReuse = false

  @Option(name: .long, help: "A fixed column count instead of as many as fit.")
  var columns: Int?

  func validate() throws {
    if let columns, columns < 1 { throw ValidationError("--columns must be at least 1") }
  }

  func appOptions(environment: [String: String], unicode: Bool, latency: Int, catalogueName: String) -> AppOptions {
    var options = AppOptions()
    options.glyphs = ascii || !unicode ? .ascii : .unicode
    options.colorEnabled = !noColor && (environment["NO_COLOR"] ?? "").isEmpty
    options.showReuse = showReuse
    options.fixedColumns = columns
    options.latencyMilliseconds = latency
    options.catalogueName = catalogueName
    return options
  }
}
