import ShopCatalog
import Testing

@testable import WaterfallViewer

/// The way back, as vim's jump list and less's marks: Ctrl-O returns to where each jump began, Ctrl-I (Tab) goes
/// forward again, `m` and `'` mark a place and return to it.
@Suite("Jump list and marks")
struct JumpListTests {
  static func runner() -> ScriptedRun {
    AppFixture.runner(items: AppFixture.items(120), pageSize: 40, width: 60, height: 20)
  }

  /// The item and its distance from the top of the view of the focused box (else the top box).
  static func place(_ viewer: Viewer) -> JumpList.Place? { viewer.currentPlace }

  @Test("Ctrl-O after G and G comes back through both, to the box that was focused, where it was; Tab goes forward")
  func backFromTheEnd() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "C-d l")
    let before = try! #require(Self.place(viewer))
    #expect(before.focused)
    _ = AppFixture.screen(runner, "G wait:100 wait:100 wait:100")
    let loadedEnd = try! #require(Self.place(viewer))
    _ = AppFixture.screen(runner, "G")
    let end = try! #require(Self.place(viewer))
    #expect(Set([before.item, loadedEnd.item, end.item]).count == 3)
    _ = AppFixture.screen(runner, "C-o")
    #expect(Self.place(viewer) == loadedEnd)
    _ = AppFixture.screen(runner, "C-o")
    #expect(Self.place(viewer) == before)
    _ = AppFixture.screen(runner, "Tab Tab")
    #expect(Self.place(viewer)?.item == end.item)
    #expect(AppFixture.screen(runner, "Tab").contains("no later place"))
  }

  @Test("Ctrl-O typed before G's measuring is done comes back, and stays: the jump on its way is given up")
  func backBeforeTheJumpArrives() {
    let runner = GoToEndTests.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "l")
    let before = try! #require(Self.place(viewer))
    _ = AppFixture.screen(runner, "G C-o")
    runner.advance(by: 1_000)
    #expect(viewer.jumps.measurer.measuring == nil)
    #expect(Self.place(viewer) == before, "the view stays where Ctrl-O brought it")
  }

  @Test("Ctrl-O after :N and after a search returns to where each began, the newest first")
  func backThroughPrompts() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "j")
    let start = try! #require(Self.place(viewer))
    _ = AppFixture.screen(runner, ": 9 0 Enter wait:100 wait:100")
    let ninety = try! #require(Self.place(viewer))
    #expect(ninety.item == ItemID(number: 90))
    _ = AppFixture.screen(runner, "/ i t e m Space 3 5 Enter")
    #expect(Self.place(viewer)?.item != ninety.item)
    _ = AppFixture.screen(runner, "C-o")
    #expect(Self.place(viewer) == ninety)
    _ = AppFixture.screen(runner, "C-o")
    #expect(Self.place(viewer) == start)
    #expect(AppFixture.screen(runner, "C-o").contains("no earlier place"))
  }

  @Test("m a marks the place; ' a returns to it from anywhere, and is itself a jump Ctrl-O undoes")
  func marks() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "C-d j")
    let marked = try! #require(Self.place(viewer))
    #expect(AppFixture.screen(runner, "m a").contains("mark a set"))
    _ = AppFixture.screen(runner, "C-d C-d k")
    let elsewhere = try! #require(Self.place(viewer))
    _ = AppFixture.screen(runner, "' a")
    #expect(Self.place(viewer) == marked)
    _ = AppFixture.screen(runner, "C-o")
    #expect(Self.place(viewer) == elsewhere)
    #expect(AppFixture.screen(runner, "' b").contains("no mark b"))
    #expect(AppFixture.screen(runner, "m 1").contains("marks are named by letters"))
    #expect(viewer.state.jumpList.awaitingMark == nil)
  }

  @Test("the list: a step back keeps where it began, a new jump forgets the steps forward, an item once")
  func listRules() {
    func place(_ number: Int) -> JumpList.Place {
      JumpList.Place(item: ItemID(number: number), distanceFromTop: 0, focused: true)
    }
    var list = JumpList()
    #expect(list.back(from: place(1)) == nil)
    list.jumped(from: place(1))
    list.jumped(from: place(2))
    #expect(list.back(from: place(3)) == place(2))
    #expect(list.back(from: place(2)) == place(1))
    #expect(list.back(from: place(1)) == nil)
    #expect(list.forward() == place(2) && list.forward() == place(3) && list.forward() == nil)
    _ = list.back(from: place(3))
    list.jumped(from: place(2))
    #expect(list.places == [place(1), place(2)], "the step forward to 3 is forgotten; 2 is kept once")
    for number in 10..<(10 + JumpList.limit) { list.jumped(from: place(number)) }
    #expect(list.places.count == JumpList.limit)
  }
}
