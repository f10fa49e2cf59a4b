import ShopCatalog
import Testing

@testable import WaterfallViewer

/// The chooser alone: marks, the limit, and what Enter picks.
@Suite("Parts: the picker")
struct PickerTests {
  static let items = AppFixture.items(3)

  static func mark(_ picker: inout Picker, _ number: Int) -> Picker.Outcome {
    picker.update(.toggleMark(ItemID(number - 1), items[number - 1]))
  }

  @Test("Tab marks, Tab again unmarks; Enter picks the marked in dataset order and quits")
  func marksAndPicks() {
    var picker = Picker()
    #expect(Self.mark(&picker, 3) == .done)
    #expect(Self.mark(&picker, 1) == .done)
    #expect(Self.mark(&picker, 2) == .done)
    #expect(Self.mark(&picker, 2) == .done)
    #expect(picker.marks.keys.sorted() == [ItemID(0), ItemID(2)] && picker.statusText == "2 marked")
    #expect(picker.update(.accept(Self.items[1])) == .quit)
    #expect(picker.picked?.map(\.title) == ["item 0", "item 2"], "the marked ones, not the one acted on")
  }

  @Test("with nothing marked Enter picks the item acted on; with none it says so and stays")
  func picksActedOn() {
    var picker = Picker()
    #expect(picker.update(.accept(nil)) == .notice("nothing to pick") && picker.picked == nil)
    #expect(picker.update(.accept(Self.items[1])) == .quit && picker.picked?.map(\.title) == ["item 1"])
  }

  @Test("--multi N stops marking at N, and nothing acted on marks nothing")
  func limit() {
    var picker = Picker(limit: 1)
    #expect(Self.mark(&picker, 1) == .done)
    #expect(Self.mark(&picker, 2) == .notice("at most 1 marked (--multi 1)"))
    #expect(picker.update(.toggleMark(nil, nil)) == .notice("nothing to mark"))
    #expect(picker.marks.count == 1 && picker.statusText == "1/1 marked" && picker.isMarked(ItemID(0)))
  }
}
