import Foundation
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A recording's screens read back from its output events, for `waterfall render`.
@Suite("Screens read back from a recording")
struct CastScreensTests {
  private final class Time: Clock {
    var milliseconds = 0
  }

  private func recorded(_ screens: [Screen], endingAt end: Int) throws -> Asciicast {
    let time = Time()
    var bytes: [UInt8] = []
    let recorder = CastRecorder(
      header: Asciicast(width: screens[0].width, height: screens[0].height), clock: time, recordsInput: false,
      writeBytes: { bytes += $0 })
    for (index, screen) in screens.enumerated() {
      time.milliseconds = index * 500
      recorder.record(frame: screen)
    }
    time.milliseconds = end
    recorder.finish()
    return try AsciicastReader.parse(String(decoding: bytes, as: UTF8.self))
  }

  @Test("each frame comes back cell for cell: characters, wide ones, bold, reverse, 256 and direct colours")
  func roundTrip() throws {
    var first = Screen(width: 20, height: 4)
    _ = first.put("plain", x: 0, y: 0)
    _ = first.put("新品 bold", x: 2, y: 1, style: Style(foreground: .palette(208), attributes: .bold))
    _ = first.put("rev", x: 0, y: 3, style: Style(background: .rgb(1, 2, 3), attributes: [.reverse, .dim]))
    var second = first
    _ = second.put("changed", x: 10, y: 2, style: Style(foreground: .cyan, background: .black))
    let read = CastScreens.screens(try recorded([first, second], endingAt: 3000))
    #expect(read.screens.map(\.milliseconds) == [0, 500, 3000])
    #expect(read.end == 3000)
    #expect(read.screens[0].screen.cells == first.cells)
    #expect(read.screens[1].screen.cells == second.cells)
  }

  @Test("a hostile recording: control characters and strings are dropped, the cursor stays on the screen")
  func hostile() throws {
    let text = #"""
      {"version": 2, "width": 10, "height": 3}
      [0.5, "o", "\u001b[99;99Hx\u0007\u001b]0;title\u0007\u001b[1;1H\u001b_Gf=32;AAAA\u001b\\\u001b[2;3Hab\u0000c\u001b[38;5m\u001b[48;2;1mz"]
      [1.0, "r", "4x2"]
      """#
    let read = CastScreens.screens(try AsciicastReader.parse(text))
    #expect(read.end == 1000)
    let first = try #require(read.screens.first).screen
    #expect(first.line(0).trimmingCharacters(in: .whitespaces).isEmpty, "no title, no picture bytes as text")
    #expect(first.line(1).hasPrefix("  abcz"))
    #expect(first.line(2).hasSuffix("x"), "a position past the edge lands on the last cell")
    #expect(first.text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" })
    let last = try #require(read.screens.last).screen
    #expect(last.width == 4 && last.height == 2 && last.line(1) == "  ab")
  }
}
