import Testing

@testable import WaterfallViewer

/// At 100 columns the inspector is 30 wide: its counters, legend and log lines used to be cut at the border
/// mid-word ("dropped" with no count, "of sect"). Now a line wraps between fields, or ends at a whole word with
/// an ellipsis.
@Suite("The reuse inspector's text fits its width")
struct InspectorFitTests {
  /// The panel's inner text, row by row: what stands between its borders on the right of the screen.
  static func panelRows(_ screen: String, width: Int) -> [String] {
    let panelWidth = InspectorState.width(screenWidth: width)
    return screen.split(separator: "\n").dropLast().map { line in
      let cells = Array(line)
      guard cells.count >= width else { return "" }
      return String(cells[(width - panelWidth + 1)..<(width - 1)])
    }
  }

  @Test("at 100 columns every count has its number, the legend every entry, a cut log line an ellipsis")
  func fitsAtHundredColumns() throws {
    let run = AppFixture.runner(items: AppFixture.items(120), width: 100, height: 30)
    let screen = AppFixture.screen(run, "i C-d j")
    let rows = Self.panelRows(screen, width: 100)
    let text = rows.joined(separator: "\n")
    for counter in [
      "passes", "live", "pooled", "created", "reused", "dropped", "data source", "binds",
    ] {
      #expect(text.contains(try Regex("\(counter) [0-9]+")), "\(counter) without its count:\n\(text)")
    }
    #expect(text.contains("no pictures awaited"), "pictures off: no blank area to count\n\(text)")
    for entry in ["live", "laid out", "view", "buffer"] { #expect(text.contains(entry), "legend: \(entry)\n\(text)") }
    // A log line that fills the panel to its border was cut: it says so.
    for row in rows where row.contains("asked") && row.last != " " {
      #expect(row.hasSuffix("…"), "cut silently: \(row)")
    }
    expectSnapshot(AppFixture.styledScreen(run, ""), named: "inspector-100x30")
  }

  @Test("a line too long ends at its last whole word with an ellipsis; counters wrap between fields")
  func fitAndPack() {
    #expect(InspectorPanel.fit("  ? asked header height of section 0", width: 30) == "  ? asked header height of…")
    #expect(InspectorPanel.fit(" pass 4: keeps rows 0-27", width: 30) == " pass 4: keeps rows 0-27")
    #expect(InspectorPanel.fit(" abcdefghijklmnopqrstuvwxyz0123456789", width: 10) == " abcdefgh…")
    #expect(
      InspectorPanel.pack(["created 15", "reused 21", "dropped 3"], width: 30) == [
        " created 15  reused 21", " dropped 3",
      ])
  }
}
