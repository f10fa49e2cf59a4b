import Foundation
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The too-small screen says the size it needs before anything else gives way, the way out aside (#17).
@Suite("Parts: the too-small screen's message")
struct TooSmallMessageTests {
  static func lines(width: Int, height: Int) -> [String] {
    var screen = Screen(width: width, height: height)
    MinimumSize.drawTooSmall(size: GridSize(width: width, height: height), glyphs: .ascii, into: &screen)
    return screen.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  @Test("with room, the whole message: too small, the size needed, the size it is, how to quit")
  func whole() {
    #expect(
      Self.lines(width: 23, height: 7) == ["terminal too small:", "needs at least 24x8,", "this is 23x7", "q quits"])
    #expect(
      Self.lines(width: 100, height: 3) == ["terminal too small: needs at least 24x8, this is 100x3", "q quits"],
      "a wide, short screen says it on one line")
  }

  @Test("narrower and shorter, the rest gives way and the size needed stays whole")
  func shortened() {
    #expect(Self.lines(width: 20, height: 3) == ["needs at least 24x8,", "this is 20x3", "q quits"])
    #expect(Self.lines(width: 12, height: 3) == ["needs 24x8,", "this is 12x3", "q quits"])
    #expect(Self.lines(width: 20, height: 2) == ["needs at least 24x8", "q quits"])
    #expect(Self.lines(width: 10, height: 5) == ["needs 24x8", "q quits"])
    #expect(Self.lines(width: 6, height: 3) == ["24x8", "q", "quits"])
  }

  @Test("on every screen too small with a line to spare after q quits, the size needed is shown whole")
  func neededSizeStays() {
    for width in 7...90 {
      for height in 2..<MinimumSize.height {
        let lines = Self.lines(width: width, height: height)
        #expect(lines.last == "q quits", "\(width)x\(height): \(lines)")
        #expect(lines.dropLast().joined(separator: " ").contains("24x8"), "\(width)x\(height): \(lines)")
        #expect(!lines.joined().contains("~"), "nothing cut off: \(width)x\(height): \(lines)")
      }
    }
  }
}
