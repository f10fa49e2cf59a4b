import Testing
import WaterfallViewer

@Suite("Display width, clipping, wrapping and sanitising")
struct TextTests {
  @Test("display widths: ASCII 1, CJK and fullwidth 2, emoji 2, combining marks 0")
  func widths() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("连衣裙") == 6)
    #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
    #expect(DisplayWidth.of("🔥") == 2)
    #expect(DisplayWidth.of("❄️") == 1, "text-default emoji with VS16: one column, as xterm and tmux count it")
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("한국어") == 6)
  }

  static let samples = [
    "plain ascii title", "韩版复古连衣裙女装秋冬新款", "mixed 中文 and English ✨🔥 words", "🌸🎀☕👗👜🛍️💯",
    "ｆｕｌｌｗｉｄｔｈ", "a", "",
  ]

  @Test("clip never exceeds the width and never splits a wide character", arguments: samples)
  func clipFits(_ text: String) {
    for width in 0...30 {
      let clipped = TextLayout.clip(text, toWidth: width)
      #expect(DisplayWidth.of(clipped) <= width, "\(text) at \(width): \(clipped)")
      if DisplayWidth.of(text) <= width {
        #expect(clipped == text)
      } else if width > 1 {
        #expect(clipped.hasSuffix("…"))
        #expect(text.hasPrefix(String(clipped.dropLast())), "a prefix of whole characters")
      }
    }
  }

  @Test("wrap keeps every line within the width, and loses nothing when the lines suffice", arguments: samples)
  func wrapFits(_ text: String) {
    for width in 2...24 {  // at width 1 a wide character cannot fit at all
      let lines = TextLayout.wrap(text, toWidth: width, maximumLines: 50)
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(text) at \(width)")
      #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "\(text) at \(width)")
    }
    let capped = TextLayout.wrap(text, toWidth: 6, maximumLines: 2)
    #expect(capped.count <= 2)
  }

  static let hostile = [
    "\u{1B}[2J\u{1B}[Hcleared", "\u{1B}]0;title\u{07}after", "\u{1B}]52;c;aGVsbG8=\u{1B}\\clip", "\u{9B}31mred",
    "\u{9D}8;;http://x\u{9C}link", "\u{1B}Pdcs\u{1B}\\x", "tab\tnew\nline\rreturn", "\u{202E}evil\u{202C}",
    "zero\u{200B}width\u{FEFF}", "del\u{7F}bell\u{07}nul\u{0}", "\u{1B}(0graphics\u{1B}(B", "\u{2066}iso\u{2069}",
    "\u{1B}[", "\u{1B}", "\u{E0041}tag",
  ]

  @Test("no control character or escape sequence survives sanitising", arguments: hostile)
  func sanitiseHostile(_ text: String) {
    let clean = TextSanitizer.sanitize(text)
    for scalar in clean.unicodeScalars {
      #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "\(scalar.value) in \(clean)")
      #expect(scalar.properties.generalCategory != .format, "format character \(scalar.value)")
    }
  }

  @Test("sanitising keeps the visible text")
  func sanitiseKeepsText() {
    #expect(TextSanitizer.sanitize("\u{1B}[31mred\u{1B}[0m") == "red")
    #expect(TextSanitizer.sanitize("\u{1B}]0;title\u{07}after") == "after")
    #expect(TextSanitizer.sanitize("tab\tnew\nline") == "tab new line")
    #expect(TextSanitizer.sanitize("\u{202E}evil") == "evil")
    #expect(TextSanitizer.sanitize("韩版 ✨ ok") == "韩版 ✨ ok")
    // Text with nothing to take out comes back as it is; one invisible character among CJK is still taken out.
    #expect(TextSanitizer.sanitize("森系 燕麦色 silk scarf") == "森系 燕麦色 silk scarf")
    #expect(TextSanitizer.sanitize("森系\u{AD}燕麦色\u{FEFF}") == "森系燕麦色")
    #expect(TextSanitizer.sanitize("短\u{1B}[31m文", limit: 100) == "短文")
    #expect(TextSanitizer.sanitize("文文文\u{1B}[31m", limit: 2) == "文文")
  }

  @Test("random mixes of hostile pieces and text come out clean", arguments: 0..<50)
  func sanitiseRandomMixes(seed: Int) {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    let pieces = Self.hostile + Self.samples + ["\u{1B}", "[", "]", "\u{07}", "\u{9C}", "m", ";"]
    let text = (0..<12).map { _ in pieces[next(pieces.count)] }.joined()
    let clean = TextSanitizer.sanitize(text)
    #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }
}

@Suite("The in-memory screen")
struct ScreenTests {
  @Test("a wide character that does not fit whole becomes a space")
  func wideAtEdge() {
    var screen = Screen(width: 5, height: 1)
    screen.put("ab韩版", x: 0, y: 0)
    #expect(screen.line(0) == "ab韩")
    var narrow = Screen(width: 6, height: 1)
    narrow.put("韩版复", x: 1, y: 0, maximumWidth: 4)
    #expect(narrow.line(0) == " 韩版")
  }

  @Test("writing over half of a wide character blanks the other half")
  func overwriteHalf() {
    var screen = Screen(width: 6, height: 1)
    screen.put("韩版", x: 0, y: 0)
    screen.put("x", x: 1, y: 0)
    #expect(screen.line(0) == " x版")
    screen.put("y", x: 2, y: 0)
    #expect(screen.line(0) == " xy")
    #expect(screen[3, 0].character == " ")
  }

  @Test("colour can be turned off; attributes stay")
  func noColor() {
    var screen = Screen(width: 3, height: 1)
    screen.colorEnabled = false
    screen.put("a", x: 0, y: 0, style: Style(foreground: .red, attributes: [.bold]))
    #expect(screen[0, 0].style == Style(attributes: [.bold]))
  }
}

@Suite("Emoji sequences are one grapheme cluster")
struct EmojiSequenceTests {
  /// Each sequence and its columns as xterm and tmux count them (scalar by scalar: 🏳️ and ❤️ are text-default, one
  /// column, and what a joiner adds takes none).
  static let sequences: [(String, Int)] = [("👨‍👩‍👧‍👦", 2), ("👩‍💻", 2), ("🏳️‍🌈", 1), ("❤️‍🔥", 1), ("👍🏽", 2)]

  @Test("a ZWJ sequence survives sanitising whole and measures as the terminal counts it", arguments: sequences)
  func sequenceIsKept(_ emoji: String, columns: Int) {
    let clean = TextSanitizer.sanitize("a \(emoji) b")
    #expect(clean == "a \(emoji) b")
    #expect(clean.count == 5, "one Character for the whole sequence")
    #expect(DisplayWidth.of(clean) == 4 + columns)
    let three = "\(emoji)\(emoji)\(emoji)"
    #expect(TextLayout.clip(three, toWidth: 5) == (columns == 2 ? "\(emoji)\(emoji)…" : three))
  }

  @Test("the screen puts a ZWJ sequence in one wide cell")
  func sequenceInOneCell() {
    var screen = Screen(width: 6, height: 1)
    let end = screen.put(TextSanitizer.sanitize("👨‍👩‍👧‍👦x"), x: 0, y: 0)
    #expect(end == 3)
    #expect(screen[0, 0].character == "👨‍👩‍👧‍👦" && screen[0, 0].width == 2)
    #expect(screen[1, 0].isContinuation && screen[2, 0].character == "x")
  }

  @Test("a joiner anywhere else is still removed, and so are bidi controls")
  func strayJoinerRemoved() {
    #expect(TextSanitizer.sanitize("a\u{200D}b") == "ab")
    #expect(TextSanitizer.sanitize("1\u{200D}2") == "12")
    #expect(TextSanitizer.sanitize("🔥\u{200D}") == "🔥")
    #expect(TextSanitizer.sanitize("\u{200D}🔥") == "🔥")
    #expect(TextSanitizer.sanitize("🔥\u{200D}\u{202E}🔥") == "🔥🔥")
    #expect(TextSanitizer.sanitize("\u{202E}👩\u{200D}💻\u{2066}") == "👩\u{200D}💻")
  }

  @Test("a box reserves title lines by the sequence's width, not its parts'")
  func titleWidth() {
    var item = AppFixture.items(1)[0]
    item.title = "👨‍👩‍👧‍👦"
    #expect(DisplayItem(item).titleWidth == 2)
  }
}

@Suite("Escaping untrusted text for lines printed outside the viewer")
struct VisibleEscapeTests {
  @Test(
    "control characters, escape sequences, bidi and zero-width characters are shown, not sent",
    arguments: [
      ("\u{1B}]0;pwned\u{07}", #"\u{1B}]0;pwned\u{7}"#),
      ("a\u{1B}[2Jb", #"a\u{1B}[2Jb"#),
      ("\u{9B}31m", #"\u{9B}31m"#),
      ("tab\there\nline", #"tab\u{9}here\u{A}line"#),
      ("evil\u{202E}txt.exe", #"evil\u{202E}txt.exe"#),
      ("zero\u{200B}width", #"zero\u{200B}width"#),
      ("del\u{7F}", #"del\u{7F}"#),
    ])
  func escapes(input: String, expected: String) {
    #expect(TextSanitizer.escapeVisibly(input) == expected)
  }

  @Test("printable text, CJK, accents and emoji sequences pass unchanged")
  func keepsPrintable() {
    for text in ["plain", "连衣裙 ¥169", "Café e\u{301}", "👨‍👩‍👧", "🇯🇵"] {
      #expect(TextSanitizer.escapeVisibly(text) == text)
    }
  }

  @Test("multi-line messages keep their line feeds when asked, and nothing else")
  func keepsNewlines() {
    #expect(TextSanitizer.escapeVisibly("a\nb\u{1B}c", keepingNewlines: true) == "a\nb\\u{1B}c")
  }
}
