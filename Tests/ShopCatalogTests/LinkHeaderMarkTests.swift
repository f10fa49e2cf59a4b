import ShopCatalog
import Testing

/// The `link-header` fuzz target's finding: a combining mark right after a delimiter joined it into another
/// Character, so the link was passed over and the next one's target taken.
@Suite("Link headers: a combining mark after a delimiter hides no link")
struct LinkHeaderMarkTests {
  @Test("a target that starts with a combining mark is the first link's, not the next one's")
  func markAfterOpen() {
    let header = "<\u{0747}=y>; rel=\"next\", <y>; rel=\"next\""
    #expect(LinkHeader.target(in: header, relation: "next") == "\u{0747}=y")
  }

  @Test("a combining mark after > or a closing quote ends neither")
  func markAfterOtherDelimiters() {
    #expect(LinkHeader.target(in: "<https://a/2>\u{301}; rel=next", relation: "next") == "https://a/2")
    // The quote closes, so the next link starts at its "<" and the first link has no rel.
    let quoted = "<https://a/1>; title=\"x\"\u{301}, <https://a/3>; rel=next"
    #expect(LinkHeader.target(in: quoted, relation: "next") == "https://a/3")
  }
}
