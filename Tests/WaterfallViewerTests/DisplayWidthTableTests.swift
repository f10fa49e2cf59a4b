import Testing
import WaterfallViewer

@Suite("Display width through the table")
struct DisplayWidthTableTests {
  @Test("the Basic Multilingual Plane's table gives every scalar the width the look-up does")
  func tableAgreesWithTheLookUp() {
    let disagreeing = (0..<0x1_0000).compactMap(Unicode.Scalar.init).filter {
      DisplayWidth.ofTabled($0) != DisplayWidth.of($0)
    }
    #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10).map { String($0.value, radix: 16) })")
    // Beyond the table, the look-up itself.
    #expect(DisplayWidth.ofTabled("\u{1F600}") == 2 && DisplayWidth.ofTabled("\u{20000}") == 2)
  }
}
