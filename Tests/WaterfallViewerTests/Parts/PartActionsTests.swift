import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Each waterfall action goes to the part that owns it, as that part's message: each part answers for its own
/// actions and for no other.
@Suite("Parts: the actions each part owns")
struct PartActionsTests {
  /// The actions a part takes, given how it reads one (`nil`: not its own).
  static func owned<T>(by part: (Action) -> T?) -> Set<Action> { Set(Action.allCases.filter { part($0) != nil }) }

  @Test("browsing: the arrows and Enter, answered as moves over the layout")
  func browsing() throws {
    #expect(Self.owned(by: Browsing.Message.init) == [.stepDown, .stepUp, .focusLeft, .focusRight, .activate])
    let around = surroundings(12, keyboardOnScreen: 0)
    let below = try #require(around.waterfall.layout.itemBelow(0))
    let down = try #require(Browsing.Message(.stepDown))
    #expect(Browsing.update(down, in: around).summary == ["focus \(below)"])
    let up = try #require(Browsing.Message(.stepUp))
    #expect(Browsing.update(up, in: around).summary == ["scroll -1 rows"], "the top of the column")
    let enter = try #require(Browsing.Message(.activate))
    #expect(Browsing.update(enter, in: around).summary == ["select 0", "open detail 0"])
  }

  @Test("jumps: Home goes to the top, G to the end")
  func jumps() throws {
    #expect(Self.owned(by: Jumps.Message.init) == [.top, .bottom])
    var jumps = Jumps(measuresToEnd: true, stretchRows: 10)
    let home = try #require(Jumps.Message(.top))
    #expect(jumps.update(home, in: surroundings(12, keyboardOnScreen: 5)).summary == ["user scroll to 0"])
  }

  @Test("search: n and N step through the matches, forward and back")
  func search() {
    #expect(Self.owned(by: Searching.Message.init) == [.nextMatch, .previousMatch])
    guard case .step(let forward) = Searching.Message(.previousMatch) else {
      Issue.record("N is not a step")
      return
    }
    #expect(!forward)
  }

  @Test("the prompt: :, / and & open it for their purpose")
  func prompt() {
    #expect(Self.owned(by: Prompt.Purpose.init) == [.goToItem, .search, .filter])
    #expect(Prompt.Purpose(.filter) == .filter && Prompt.Purpose(.goToItem) == .goToItem)
  }

  @Test("the organiser: o sorts, S toggles sections by the field given")
  func organiser() {
    #expect(Self.owned(by: { Organiser.Message($0, sections: .shop) }) == [.cycleSort, .toggleSections])
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    #expect(Organiser.Message(.toggleSections, sections: .shop) == .toggleSections(.shop))
    #expect(organiser.update(Organiser.Message(.cycleSort, sections: .shop)!) == .asked)
  }

  @Test("the inspector: i and . toggle it and step mode")
  func inspector() {
    #expect(Self.owned(by: InspectorState.Toggle.init) == [.toggleInspector, .toggleStepMode, .toggleComparison])
    var inspector = InspectorState()
    #expect(inspector.update(InspectorState.Toggle(.toggleInspector)!).summary == ["inspector toggled"])
  }

  @Test("the picker: Tab marks the item acted on, Enter picks")
  func picker() throws {
    #expect(Self.owned(by: Picker.Request.init) == [.toggleMark, .acceptPicks])
    var picker = Picker(limit: nil)
    let around = surroundings(4)
    let tab = try #require(Picker.Request(.toggleMark))
    #expect(picker.update(tab, actedOn: 1, store: around.store).summary.first == "focus showing top 1")
    let enter = try #require(Picker.Request(.acceptPicks))
    #expect(picker.update(enter, actedOn: 1, store: around.store).summary == ["quit"])
    var viewing = Picker(limit: nil, isChoosing: false)
    #expect(viewing.update(tab, actedOn: 1, store: around.store).isEmpty, "not a chooser: Tab asks nothing")
    #expect(viewing.update(enter, actedOn: 1, store: around.store).isEmpty && viewing.picked == nil)
  }

  @Test("links: x opens the item's link, y copies it; without an item, the status line says so")
  func links() throws {
    #expect(Self.owned(by: Links.Request.init) == [.openLink, .copyLink])
    let item = AppFixture.items(1)[0]
    let open = try #require(Links.Request(.openLink))
    #expect(
      Links.update(open, item: item).summary == ["effect openExternally", "notice opening https://img.test/0.jpg"])
    let copy = try #require(Links.Request(.copyLink))
    #expect(Links.update(copy, item: nil).summary == ["notice this item has no link or title to copy"])
  }

  @Test("scrolling: a page or half a page (a row in step mode), and +, - and = for the columns")
  func scrolling() {
    let waterfall = surroundings(12).waterfall
    func message(_ action: Action, stepping: Bool = false) -> Scrolling.Message? {
      Scrolling.Message(action, in: waterfall, now: 7, stepping: stepping)
    }
    #expect(
      Self.owned(by: { message($0) })
        == [.pageDown, .pageUp, .halfPageDown, .halfPageUp, .moreColumns, .fewerColumns, .automaticColumns])
    let page = waterfall.viewportSize.height - 1
    #expect(message(.pageDown) == .scroll(rows: page, offset: waterfall.contentOffset, now: 7))
    #expect(message(.halfPageUp, stepping: true) == .scroll(rows: -1, offset: waterfall.contentOffset, now: 7))
    var scrolling = Scrolling(columnOverride: nil)
    #expect(scrolling.update(message(.fewerColumns)!) == .columns(notice: nil))
    #expect(scrolling.columnOverride == waterfall.columnCount - 1)
    #expect(message(.automaticColumns) == .automaticColumns)
  }

  @Test("the key map: the config file's binding first, then a chooser's own keys, then the default")
  func keyMap() {
    let space = Key.character(" ")
    #expect(KeyMap.waterfallAction(for: space, customKeys: [:], picking: true) == .toggleMark)
    #expect(KeyMap.waterfallAction(for: space, customKeys: [:], picking: false) == .pageDown)
    #expect(KeyMap.waterfallAction(for: space, customKeys: [space: .quit], picking: true) == .quit)
  }
}
