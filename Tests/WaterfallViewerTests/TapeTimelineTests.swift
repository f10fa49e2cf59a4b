import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A tape's time as VHS keeps it: typing takes `TypingSpeed` a character, keys their `@time` and count, the
/// closing `Sleep` holds the last frame, hidden stretches are cut from the pictures.
@Suite("Tape timeline")
struct TapeTimelineTests {
  private func play(_ tape: String) throws -> TapeRun {
    let player = TapePlayer(commands: try TapeParser.parse(tape), defaultSize: GridSize(width: 60, height: 20)) {
      _, size in
      AppFixture.runner(items: AppFixture.items(40), pageSize: 20, width: size.width, height: size.height)
    }
    return try player.play()
  }

  @Test(
    "Sleep 2s, a typed search, keys with counts, Sleep 3s: the .cast spans the whole tape, its last event at the end")
  func typingKeysAndTheClosingSleep() throws {
    let tape = """
      Output t.cast
      Output t.gif
      Sleep 2s
      Type "/ab"
      Enter
      PageDown 2
      Down@100ms 2
      Sleep 3s
      """
    let run = try play(tape)
    // 2 s, three characters and Enter at VHS's 50 ms, two PageDowns at 50 ms, two Downs at 100 ms, 3 s.
    #expect(run.shownMilliseconds == 2000 + 4 * 50 + 2 * 50 + 2 * 100 + 3000)
    let cast = try AsciicastReader.parse(try #require(run.cast))
    #expect(cast.events.first?.time == 0)
    #expect(cast.events.last?.time == 5.5, "the closing Sleep holds the last frame")
    #expect(cast.events.contains { $0.time > 2.1 && $0.time < 2.5 }, "typing takes time: events after 2 s")
    #expect(run.screens.first?.milliseconds == 0)
    #expect(run.screens.map(\.milliseconds) == run.screens.map(\.milliseconds).sorted())
    #expect(run.screens.count >= 5, "the launch, the search prompt, its result, the pages")
  }

  @Test(
    "the .cast opens on the frame the .txt opens on, and ends on its last",
    arguments: ["Sleep 2s\nType \"/ab\"\nEnter\nPageDown\nSleep 3s", "Hide\nDown 3\nShow\nPageDown\nSleep 1s"])
  func castOpensOnTheFirstFrame(commands: String) throws {
    let player = TapePlayer(
      commands: try TapeParser.parse("Output t.cast\nOutput t.txt\n" + commands),
      defaultSize: GridSize(width: 60, height: 20), comparing: true
    ) { _, size in
      AppFixture.runner(items: AppFixture.items(40), pageSize: 20, width: size.width, height: size.height)
    }
    let run = try player.play()
    let cast = try AsciicastReader.parse(try #require(run.cast))
    // The first event alone (a later one at the same time, Show's PageDown, would replace it on screen).
    var opening = cast
    opening.events = Array(cast.events.prefix(1))
    #expect(CastScreens.screens(opening).screens.first?.screen.text == run.frames.first)
    #expect(CastScreens.screens(cast).screens.last?.screen.text == run.frames.last)
  }

  @Test("Set TypingSpeed and Type@10ms set the time per character")
  func typingSpeed() throws {
    #expect(try play("Output t.gif\nSet TypingSpeed 200ms\nType \"jj\"").shownMilliseconds == 400)
    #expect(try play("Output t.gif\nType@10ms \"jjj\"").shownMilliseconds == 30)
  }

  @Test("time while hidden is left out of the pictures' timeline")
  func hiddenTimeIsCut() throws {
    let run = try play("Output t.gif\nHide\nSleep 1s\nDown\nShow\nSleep 500ms")
    #expect(run.shownMilliseconds == 500)
    #expect(run.screens.first?.milliseconds == 0, "the first shown frame starts the pictures")
  }
}
