import ShopCatalog
import Testing
import WaterfallViewer

@Suite("--pick: marking and picking items")
struct PickingTests {
  static func runner(limit: Int? = nil, items: Int = 12) -> ScriptedRun {
    var options = AppFixture.options(columns: 3)
    options.picking = Picking(limit: limit)
    return AppFixture.runner(items: AppFixture.items(items), options: options)
  }

  @Test("Tab and Space mark the focused box: a mark in its corner, the count in the status bar; again unmarks")
  func marks() {
    let runner = Self.runner()
    var screen = AppFixture.screen(runner, "Tab")
    #expect(runner.viewer.state.picker.marks.keys.sorted() == [ItemID(0)], "no focus: the box at the top, focused")
    #expect(screen.split(separator: "\n")[1].hasPrefix(" ✓"), "\(screen)")
    #expect(screen.contains("1 marked"))
    screen = AppFixture.screen(runner, "l Space")
    #expect(runner.viewer.state.picker.marks.keys.sorted() == [ItemID(0), ItemID(1)])
    #expect(screen.contains("2 marked"))
    screen = AppFixture.screen(runner, "Tab")
    #expect(runner.viewer.state.picker.marks.keys.sorted() == [ItemID(0)], "Tab again unmarks")
    #expect(screen.contains("1 marked"))
    #expect(runner.viewer.state.picked == nil)
  }

  @Test("Enter picks the marked items in dataset order and quits; with none marked, the focused one")
  func enterPicks() {
    let runner = Self.runner()
    _ = AppFixture.screen(runner, "l l l Tab h Tab Enter")
    #expect(runner.viewer.state.isQuitting)
    #expect(runner.viewer.state.picked?.map(\.title) == ["item 1", "item 2"], "dataset order, not marking order")

    let single = Self.runner()
    _ = AppFixture.screen(single, "l l l Enter")
    #expect(single.viewer.state.picked?.map(\.title) == ["item 2"])
  }

  @Test("Esc and q quit picking nothing; Esc first closes what is open")
  func cancel() {
    for key in ["Escape", "q"] {
      let runner = Self.runner()
      _ = AppFixture.screen(runner, "Tab \(key)")
      #expect(runner.viewer.state.isQuitting)
      #expect(runner.viewer.state.picked == nil)
    }
    let runner = Self.runner()
    _ = AppFixture.screen(runner, "? Escape")
    #expect(!runner.viewer.state.isQuitting, "Esc closed the help")
  }

  @Test("--multi N stops the marks at N, with a notice")
  func limit() {
    let runner = Self.runner(limit: 2)
    let screen = AppFixture.screen(runner, "Tab l Tab l Tab")
    #expect(runner.viewer.state.picker.marks.count == 2)
    #expect(screen.contains("at most 2 marked"))
  }

  @Test("marks stay through a sort and a filter, and the picks come out in dataset order")
  func marksThroughQueries() {
    let runner = Self.runner()
    _ = AppFixture.screen(runner, "l Tab l Tab o o")
    #expect(runner.viewer.presentation.sort == .priceDescending)
    _ = AppFixture.screen(runner, "& i t e m Space 1 Enter Enter")
    #expect(runner.viewer.state.picked?.map(\.title) == ["item 0", "item 1"])
  }

  @Test("without --pick, Space pages and Enter opens the detail, as before")
  func viewerKeysUnchanged() {
    let runner = AppFixture.runner(items: AppFixture.items(40), options: AppFixture.options(columns: 3))
    _ = AppFixture.screen(runner, "Tab Space")
    #expect(runner.viewer.waterfall.contentOffset > 0)
    #expect(runner.viewer.state.picker.marks.isEmpty)
  }

  @Test("the chooser's actions bound in a config file do nothing without --pick")
  func actionsNeedPicking() {
    var options = AppFixture.options(columns: 3)
    options.customKeys = [.character("z"): .toggleMark, .character("Z"): .acceptPicks]
    let runner = AppFixture.runner(items: AppFixture.items(12), options: options)
    _ = AppFixture.screen(runner, "l z Z")
    #expect(runner.viewer.state.picker.marks.isEmpty)
    #expect(!runner.viewer.state.isQuitting)
    #expect(runner.viewer.state.picked == nil)
  }

  @Test("the help lists the chooser's keys")
  func help() {
    let entries = KeyMap.helpEntries(glyphs: .unicode, picking: true).map { $0.keys + $0.help }
    #expect(entries.first?.hasPrefix("Tab Space") == true)
    #expect(entries.contains { $0.contains("print the marked items") })
    #expect(!KeyMap.helpEntries(glyphs: .unicode).contains { $0.keys.hasPrefix("Tab") })
  }
}
