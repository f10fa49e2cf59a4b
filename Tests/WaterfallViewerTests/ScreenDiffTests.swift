import Testing

@testable import WaterfallViewer

@Suite("The screen diff")
struct ScreenDiffTests {
  @Test("no previous frame, or one of another size: every cell")
  func everything() {
    var screen = Screen(width: 4, height: 2)
    screen.put("ab", x: 0, y: 0)
    #expect(ScreenDiff.changes(from: nil, to: screen).count == 8)
    #expect(ScreenDiff.changes(from: Screen(width: 3, height: 2), to: screen).count == 8)
  }

  @Test("only the cells that changed, text or style, row by row")
  func onlyChanges() {
    var old = Screen(width: 6, height: 2)
    old.put("hello", x: 0, y: 0)
    var new = old
    new.put("j", x: 0, y: 0)
    new.put("o", x: 4, y: 0, style: Style(attributes: [.bold]))
    new.put("x", x: 5, y: 1)
    let changes = ScreenDiff.changes(from: old, to: new)
    #expect(changes.map { [$0.x, $0.y] } == [[0, 0], [4, 0], [5, 1]])
    #expect(changes[0].cell.character == "j")
    #expect(ScreenDiff.changes(from: new, to: new).isEmpty)
  }

  @Test("a wide character replacing two narrow ones changes both of its halves")
  func wideCharacters() {
    var old = Screen(width: 4, height: 1)
    old.put("ab", x: 0, y: 0)
    var new = old
    new.put("羊", x: 0, y: 0)
    let changes = ScreenDiff.changes(from: old, to: new)
    #expect(changes.map(\.x) == [0, 1])
    #expect(changes[1].cell.isContinuation)
  }

  @Test("a cell keeps its character's exact bytes: short ones inline, long clusters interned, equal when the bytes are")
  func cellCharacters() {
    for text in ["a", " ", "é", "e\u{301}", "中", "▀", "🇨🇳", "👍🏽", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}\u{304}"] {
      let character = Character(text)
      let packed = CellCharacter(character)
      #expect(packed.character.map { Array(String($0).utf8) } == Array(text.utf8))
      var bytes: [UInt8] = []
      packed.appendUTF8(to: &bytes)
      #expect(bytes == Array(text.utf8))
      #expect(packed == CellCharacter(Character(text)), "the same cluster twice is one value")
    }
    #expect(CellCharacter("é") != CellCharacter("e\u{301}"), "canonically equal, but other bytes on the wire")
    #expect(CellCharacter.none.character == nil)
    #expect(CellCharacter("a").asciiValue == UInt8(ascii: "a") && CellCharacter("中").asciiValue == nil)
    var cell = ScreenCell.blank
    cell.character = "👨‍👩‍👧"
    #expect(cell.character == "👨‍👩‍👧" && cell != .blank)
  }

  @Test("the table of long clusters stops at its bound: the same cluster keeps its number, a new one gets none")
  func longClusterBound() {
    let family: Character = "👨‍👩‍👧"  // 18 bytes
    let familyOfFour: Character = "👨‍👩‍👧‍👦"  // 25 bytes
    var table = LongClusterTable(capacity: 30)
    #expect(table.number(of: family) == 0)
    #expect(table.number(of: family) == 0, "known: its number again")
    #expect(table.number(of: familyOfFour) == nil, "18 + 25 bytes would pass the 30-byte bound")
    #expect(table.number(of: "a\u{301}\u{302}\u{303}\u{304}") == 1, "9 more bytes still fit")
    #expect(table.clusters == [family, "a\u{301}\u{302}\u{303}\u{304}"])
    #expect(CellCharacter.replacement.character == "\u{FFFD}")
  }
}
