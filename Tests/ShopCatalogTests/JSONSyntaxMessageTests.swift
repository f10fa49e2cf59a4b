import Testing

@testable import ShopCatalog

/// A JSON file's syntax errors say what a person would look for: the character as it is written, or that the file
/// ends early; nothing invisible or controlling from the file is echoed.
@Suite("JSON syntax messages")
struct JSONSyntaxMessageTests {
  static func message(_ text: [UInt8]) -> String {
    do {
      _ = try JSONReader.parse(text)
      return "parsed"
    } catch { return error.description }
  }

  @Test("an unquoted word names its first character; an invisible or controlling one is named by its code point")
  func unexpectedCharacters() {
    #expect(Self.message(Array("[小鹿家]".utf8)) == "line 1, column 2: unexpected character '小'")
    #expect(Self.message(Array("[\u{202E}1]".utf8)) == "line 1, column 2: unexpected character U+202E")
    #expect(Self.message(Array("[\u{A0}1]".utf8)) == "line 1, column 2: unexpected character U+00A0")
    #expect(Self.message([0x5B, 0xFF, 0x5D]) == "line 1, column 2: unexpected character byte 0xff")
    #expect(Self.message([0x5B, 0xE5, 0xB0]) == "line 1, column 2: unexpected character byte 0xe5")
    #expect(Self.message(Array("[x]".utf8)) == "line 1, column 2: unexpected character 'x'")
  }

  @Test("a file cut short says it ends early, and what was expected there")
  func cutShort() {
    #expect(
      Self.message(Array("[{\"w\"".utf8))
        == "line 1, column 6: unexpected end of input (expected : after the member name)")
    #expect(Self.message(Array("[1,".utf8)) == "line 1, column 4: unexpected end of input")
  }
}
