import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Browsing's update alone: what the arrows and Enter ask of the root.
@Suite("Parts: browsing's commands")
struct BrowsingUpdateTests {
  @Test("↓ from a box on screen focuses the next of its column; with none on screen it scrolls a row")
  func step() throws {
    let around = surroundings(12, keyboardOnScreen: 0)
    let below = try #require(around.waterfall.layout.itemBelow(0))
    #expect(Browsing.update(.step(down: true), in: around).summary == ["focus \(below)"])
    #expect(Browsing.update(.step(down: true), in: surroundings(12)).summary == ["scroll 1 rows"])
    #expect(Browsing.update(.step(down: false), in: around).summary == ["scroll -1 rows"], "the top of the column")
  }

  @Test("→ with nothing on screen focuses the box at the top of the view; past the last column it stays")
  func across() {
    let nothing = surroundings(12)
    let anchor = nothing.waterfall.placeAnchor()
    #expect(
      Browsing.update(.across(toRight: true), in: nothing).summary == [
        "focus showing top \(anchor.map(String.init) ?? "none")"
      ])
    #expect(Browsing.update(.across(toRight: false), in: surroundings(12, keyboardOnScreen: 0)).isEmpty)
  }

  @Test("Enter selects the focused box and opens its detail, revealing it first when scrolled away")
  func activate() {
    #expect(
      Browsing.update(.activate, in: surroundings(12, keyboardOnScreen: 2)).summary == [
        "select 2", "open detail 2",
      ])
    #expect(
      Browsing.update(.activate, in: surroundings(12, keyboard: 11)).summary == [
        "reveal 11", "select 11", "open detail 11",
      ])
    #expect(Browsing.update(.activate, in: surroundings(12)).summary.first?.hasPrefix("focus showing top") == true)
  }
}
