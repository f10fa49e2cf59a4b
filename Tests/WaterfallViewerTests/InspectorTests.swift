import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

@Suite("The reuse inspector")
struct InspectorTests {
  static func runner(width: Int = 110, height: Int = 30, items: Int = 120) -> ScriptedRun {
    AppFixture.runner(items: AppFixture.items(items), width: width, height: height)
  }

  @Test("i opens it beside the waterfall, which reflows into the rest; i again gives the width back")
  func besideAndReflow() {
    let runner = Self.runner()
    let viewer = runner.viewer
    let full = viewer.waterfall.viewportSize.width
    let screen = AppFixture.screen(runner, "i")
    #expect(viewer.inspector.isOpen)
    #expect(viewer.waterfall.viewportSize.width == full - InspectorState.width(screenWidth: 110))
    #expect(screen.contains("Reuse inspector") && screen.contains("pool[\"item\"]: "))
    _ = AppFixture.screen(runner, "i")
    #expect(viewer.waterfall.viewportSize.width == full)
    #expect(viewer.waterfall.eventRecorder == nil, "nobody listens: the engine records nothing")
  }

  @Test("the log's events add up to the engine's own accounting")
  func logMatchesAccounting() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "i")
    let before = viewer.waterfall.statistics
    let logStart = viewer.inspector.log.count
    _ = AppFixture.screen(runner, "C-d C-d j j j C-u G g")
    let after = viewer.waterfall.statistics
    let events = Array(viewer.inspector.log.dropFirst(logStart))
    var created = 0
    var reused = 0
    var cellsAsked = 0
    var toPool = 0
    var dropped = 0
    var passes = Set<Int>()
    for event in events {
      passes.insert(event.pass)
      switch event {
      case .itemEntered(_, _, _, .created): created += 1
      case .itemEntered(_, _, _, .dequeued): reused += 1
      case .itemLeft(_, _, _, .pool): toPool += 1
      case .itemLeft(_, _, _, .dropped): dropped += 1
      case .dataSourceCall(_, .cell): cellsAsked += 1
      default: break
      }
    }
    #expect(created == after.cellsCreated - before.cellsCreated)
    #expect(reused == after.cellsReused - before.cellsReused)
    #expect(created + reused == cellsAsked, "every cell asked of the data source was created or reused")
    #expect(toPool + dropped == after.cellsEnqueued - before.cellsEnqueued, "every item that left: pool or dropped")
    #expect(dropped == after.cellsDropped - before.cellsDropped)
    #expect(passes.count == after.layoutPasses - before.layoutPasses)
    #expect(viewer.inspector.log.map(\.pass) == viewer.inspector.log.map(\.pass).sorted(), "passes in order")
  }

  @Test("step mode: each key runs one layout pass, a page waits until it ends")
  func stepMode() {
    let runner = AppFixture.runner(
      items: AppFixture.items(120), pageSize: 30, width: 110, height: 30, latency: 100, options: AppFixture.options())
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "wait:100 .")
    #expect(viewer.inspector.isStepping && viewer.inspector.isOpen)
    for key in ["j", "PageDown", "C-d", "wheeldown:5,5"] {
      let passes = viewer.waterfall.statistics.layoutPasses
      let offset = viewer.waterfall.contentOffset
      _ = AppFixture.screen(runner, key)
      #expect(viewer.waterfall.statistics.layoutPasses == passes + 1, "\(key): one pass")
      #expect(viewer.waterfall.contentOffset == offset + 1, "\(key): one row")
    }
    _ = AppFixture.screen(runner, "G wait:200")
    #expect(viewer.store.count == 30, "the next page waits")
    _ = AppFixture.screen(runner, ".")
    #expect(viewer.store.count == 60, "and arrives when step mode ends")
  }

  @Test("with reuse labels on, a box whose cell was just reused flashes for half a second")
  func flash() {
    let runner = Self.runner(width: 60, height: 20)
    let screen = AppFixture.styledScreen(runner, "v C-d C-d C-d C-d")
    #expect(screen.contains("fg magenta, bold"), "a reused box's border flashes")
    let later = AppFixture.styledScreen(runner, "wait:600")
    #expect(!later.contains("fg magenta, bold"))
  }

  @Test(
    "snapshots of the inspector at a few sizes (over the waterfall when narrow)",
    arguments: [(110, 30), (80, 24), (60, 20)])
  func snapshots(width: Int, height: Int) {
    let runner = Self.runner(width: width, height: height)
    expectSnapshot(AppFixture.styledScreen(runner, "i C-d j"), named: "inspector-\(width)x\(height)")
  }
}

@Suite("One numbering: #N is an item everywhere")
struct NumberingTests {
  @Test("a box's reuse label, its detail, sel #N and the inspector's log name the same item #N; cells are cN")
  func oneNumbering() throws {
    let runner = AppFixture.runner(
      items: AppFixture.items(120), width: 110, height: 30,
      options: AppFixture.options(columns: 3, showReuse: true))
    let viewer = runner.viewer
    let screen = AppFixture.screen(runner, "i l l Enter")
    let focused = try #require(viewer.state.keyboardFocus)
    let number = viewer.store.ids[focused].number
    #expect(screen.contains("Item #\(number)"), "the detail")
    #expect(screen.contains("sel #\(number)"), "the status bar")
    let cell = try #require(viewer.waterfall.visibleCells[focused])
    let label = "#\(number) c\(cell.objectID) r\(cell.reuseCount)"
    let boxes = AppFixture.screen(runner, "Escape")
    #expect(boxes.contains(label), "the box's label names the item and its cell: \(label)")
    let entered = viewer.inspector.entries.last { entry in
      if case .itemEntered(_, focused, _, _) = entry.event { return true }
      return false
    }
    #expect(entered?.itemNumber == number, "the log's line for that box names the same item")
    #expect(!boxes.contains("cell #"))
  }

  @Test("after G, a place laid out before its page arrives is a place in the log, never #0; its label has no number")
  func placesBeforeTheirPage() {
    var options = AppFixture.options(columns: 3, showReuse: true)
    options.measuresToEnd = true
    let run = AppFixture.runner(
      source: ItemCatalogue(items: AppFixture.items(1_000), pageSize: 20), width: 110, height: 20, latency: 100,
      options: options)
    run.advance(by: 100)
    _ = AppFixture.screen(run, "i G")
    run.advance(by: 1_000)
    let lines = InspectorPanel.logLines(run.viewer.inspector.entries).map(\.0)
    #expect(lines.contains { $0.contains("<- ") && $0.contains("place ") }, "the places entered before their page")
    #expect(!lines.contains { $0.contains("#0 ") || $0.hasSuffix("#0") }, "\(lines.suffix(12))")
    #expect(run.viewer.store.number(at: run.viewer.store.count - 1) == 1_000, "the last item, loaded, has its number")
    #expect(!AppFixture.screen(run, "").contains("#0 c"), "no box labelled #0")
  }

  @Test("[ reads the log back a pass at a time and says which; ] goes on to the newest, live again")
  func logReadBack() throws {
    let runner = AppFixture.runner(items: AppFixture.items(120), width: 110, height: 30)
    _ = AppFixture.screen(runner, "i C-d C-d C-d")
    let inspector = { runner.viewer.inspector }
    let newest = try #require(inspector().recordedPasses.last)
    func lastPassShown(_ screen: String) -> Int? {
      screen.split(separator: "\n").compactMap { line -> Int? in
        guard let range = line.range(of: "│ pass ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
      }.last
    }
    let back = AppFixture.screen(runner, "[")
    let viewed = try #require(inspector().viewedPass)
    #expect(viewed < newest)
    #expect(back.contains("log at pass \(viewed) of \(newest)"), "\(back)")
    #expect(lastPassShown(back) == viewed, "the log ends with the pass read back to")
    let further = AppFixture.screen(runner, "[ [")
    #expect(try #require(inspector().viewedPass) < viewed)
    #expect(lastPassShown(further) == inspector().viewedPass)
    var screen = further
    for _ in 0..<10 where inspector().viewedPass != nil { screen = AppFixture.screen(runner, "]") }
    #expect(inspector().viewedPass == nil && !screen.contains("log at pass"), "live again")
    #expect(lastPassShown(screen) == inspector().recordedPasses.last)
    let closed = AppFixture.screen(runner, "i [")
    #expect(closed.contains("i opens it"), "with the inspector closed, [ says how to open it")
  }

  @Test("the log reads top to bottom: the newest pass is the last line shown")
  func logReadsDown() {
    let runner = AppFixture.runner(items: AppFixture.items(120), width: 110, height: 30)
    let screen = AppFixture.screen(runner, "i C-d C-d")
    let passes = screen.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: " pass ") else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(passes.count >= 2)
    #expect(passes == passes.sorted(), "older passes above newer ones: \(passes)")
    #expect(screen.contains("live") && screen.contains("laid out"), "the minimap's legend")
  }
}

@Suite("The presenter's layout")
struct PresenterLayoutTests {
  @Test("--presenter: the inspector open from the start at half the screen, beside two columns of bigger boxes")
  func halfScreenBesideTwoColumns() {
    var options = AppFixture.options()
    options.presenter = true
    options.fixedColumns = 2
    let runner = AppFixture.runner(items: AppFixture.items(60), width: 120, height: 36, options: options)
    let screen = AppFixture.screen(runner, "")
    let viewer = runner.viewer
    #expect(viewer.inspector.isOpen && viewer.inspector.halfScreen)
    #expect(viewer.waterfall.viewportSize.width == 60, "the waterfall has the other half")
    #expect(viewer.waterfall.columnCount == 2)
    let top = String(screen.split(separator: "\n")[0])
    let corner = top.range(of: "┌─ Reuse inspector").map { top.distance(from: top.startIndex, to: $0.lowerBound) }
    #expect(corner == 60, "the panel starts at the middle column: \(top)")
    #expect(InspectorState.width(screenWidth: 120, halfScreen: true) == 60)
    #expect(InspectorState.width(screenWidth: 60, halfScreen: true) == 40, "over the waterfall when narrow, as ever")
  }
}
