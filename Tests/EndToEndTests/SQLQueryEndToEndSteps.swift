import Testing

/// What both SQL catalogues' end-to-end tests check of a query answered in SQL.
extension ViewerEndToEndTests {
  /// On ``importedCatalogue(_:)``'s 300 items: `o` sorts by price with the table's last row, the cheapest, first,
  /// and `&CHEAPEST` leaves it alone, counted in SQL (1/300).
  func expectCheapestFirstThenAlone(in pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try pane.send(keys: ["o"])
    let sorted = try pane.waitForScreen(sourceLocation: sourceLocation) { $0.contains("sorted by price, lowest first") }
    #expect(
      sorted.contains("the cheapest") && sorted.contains("¥9 "), "the last row of the table comes first",
      sourceLocation: sourceLocation)
    try pane.send(keys: ["&"])
    try pane.send(literal: "CHEAPEST")
    try pane.send(keys: ["Enter"])
    let filtered = try pane.waitForScreen(sourceLocation: sourceLocation) { $0.contains("shown") }
    #expect(
      filtered.contains("1/300 shown") && filtered.contains("the cheapest"), "counted in SQL: \(filtered)",
      sourceLocation: sourceLocation)
  }
}
