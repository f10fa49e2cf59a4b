import Glibc
import ShopCatalog
import Testing

/// glibc's `wcwidth` is the spec: xterm and tmux place text by it, so a scalar's width must be the one it gives
/// (the table is read from it by Resources/generate-scalar-widths.py; this catches a table made elsewhere).
@Suite("Scalar widths against glibc's wcwidth")
struct ScalarWidthGlibcTests {
  @Test("every scalar from U+00A0 on has glibc's width in C.UTF-8 (an unassigned one, -1 there, one column)")
  func everyScalarAgreesWithGlibc() throws {
    let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "no C.UTF-8 locale")
    defer { freelocale(locale) }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    // Swift's Glibc module leaves wcwidth out (it is an X/Open extension): found by name, as a C caller links it.
    let symbol = try #require(dlsym(dlopen(nil, RTLD_LAZY), "wcwidth"), "no wcwidth in libc")
    let wcwidth = unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    var disagreeing: [String] = []
    for value in UInt32(0xA0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let glibc = Int(wcwidth(wchar_t(bitPattern: value)))
      let expected = glibc < 0 ? 1 : glibc
      if ScalarWidth.of(scalar) != expected || ScalarWidth.ofTabled(scalar) != expected {
        disagreeing.append(
          "U+\(String(value, radix: 16, uppercase: true)): glibc \(glibc), ours \(ScalarWidth.of(scalar))")
      }
    }
    #expect(disagreeing.isEmpty, "\(disagreeing.count) scalars: \(disagreeing.prefix(12))")
  }

  @Test("the catalogue's text-default emoji is one column; emoji shown as pictures by default are two")
  func emojiWidths() {
    #expect(ScalarWidth.of("\u{1F6CD}") == 1)
    #expect(ScalarWidth.of("\u{2744}") == 1)
    #expect(ScalarWidth.of("\u{1F525}") == 2)
    #expect(ScalarWidth.of("\u{FE0F}") == 0)
  }
}
