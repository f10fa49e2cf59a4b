import ShopCatalog
import Testing

@testable import WaterfallViewer

/// The chooser's keys on the item acted on, alone: what Tab and Enter ask of the root.
@Suite("Parts: the picker's commands")
struct PickerCommandsTests {
  @Test("Tab focuses and marks the item acted on; with none it says so; Enter picks it and quits")
  func tabAndEnter() {
    let store = surroundings(5).store
    var picker = Picker()
    #expect(picker.update(.toggleMark, actedOn: 3, store: store).summary == ["focus showing top 3"])
    #expect(picker.marks.keys.sorted() == [store.ids[3]])
    #expect(picker.update(.toggleMark, actedOn: nil, store: store).summary == ["notice nothing to mark"])
    #expect(picker.update(.accept, actedOn: 1, store: store).summary == ["quit"])
    #expect(picker.picked?.map(\.title) == ["item 3"], "the marked one, not the one acted on")
  }

  @Test("over the limit Tab says so and marks nothing more")
  func limit() {
    let store = surroundings(5).store
    var picker = Picker(limit: 1)
    _ = picker.update(.toggleMark, actedOn: 0, store: store)
    #expect(
      picker.update(.toggleMark, actedOn: 1, store: store).summary == [
        "focus showing top 1", "notice at most 1 marked (--multi 1)",
      ])
    #expect(picker.marks.count == 1)
  }
}
