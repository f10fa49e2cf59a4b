import Testing
import WaterfallKit

@testable import WaterfallViewer

@Suite("Tape player")
struct TapePlayerTests {
  /// Runs `tape` over the 40-item fixture; `launched` collects the arguments of each launch.
  private final class Launches {
    var arguments: [[String]?] = []
    var sizes: [GridSize] = []
  }

  private func play(
    _ tape: String, latency: Int = 0, size: GridSize = GridSize(width: 60, height: 20), launches: Launches = Launches(),
    sizeIsExplicit: Bool = false, cellsForPixels: TapePlayer.CellsForPixels? = nil
  ) throws -> TapeRun {
    let player = TapePlayer(
      commands: try TapeParser.parse(tape), defaultSize: size, sizeIsExplicit: sizeIsExplicit, comparing: true,
      cellsForPixels: cellsForPixels
    ) {
      arguments, size in
      launches.arguments.append(arguments)
      launches.sizes.append(size)
      if arguments == ["--fail"] { throw TapeError("no such option --fail", at: TapeLocation(line: 0, column: 0)) }
      return AppFixture.runner(
        items: AppFixture.items(40), pageSize: 20, width: size.width, height: size.height, latency: latency)
    }
    return try player.play()
  }

  @Test(
    "each command does what the same keys do in a key script",
    arguments: [
      ("Down 3", "Down Down Down"), ("Down 2\nUp", "j j Up"), ("Type \"jjl\"", "j j l"),
      ("Right\nEnter", "Right Enter"),
      ("Right\nEnter\nEscape", "Right Enter Escape"), ("Space", "Space"), ("PageDown 2", "PageDown PageDown"),
      ("PageDown\nPageUp", "PageDown PageUp"), ("End", "End"), ("End\nHome", "End Home"), ("Left", "Left"),
      ("Ctrl+D", "C-d"), ("Type \":12\"\nBackspace\nEnter", ": 1 2 Backspace Enter"), ("Tab", "Tab"),
      ("Click 10 5", "click:10,5"), ("Wheel Down 3 4", "wheeldown:3,4"), ("Wheel Up 3 4", "wheelup:3,4"),
      ("Resize 80x24", "resize:80x24"), ("Type@100ms \"jj\"", "j wait:100 j wait:100"),
      // VHS's chords arrive as a terminal sends them: Alt's Esc prefix and Shift+Tab's CSI Z bind to nothing.
      ("Copy \"jj\"\nPaste", "j j"), ("Shift+g", "G"), ("Alt+j\nDown", "Down"), ("Shift+Tab Down", "Down"),
      ("Ctrl+Alt+D Down", "Down"), ("Ctrl+Down", "Down"), ("Ctrl+Shift+D", "C-d"), ("Type \"j\" Down", "j Down"),
      ("Ctrl+Space Down", "Down"), ("Right Ctrl+[", "Right Escape"), ("Right Ctrl+M", "Right Enter"),
    ])
  func commandMatchesKeys(tape: String, keys: String) throws {
    let run = try play(tape)
    let reference = AppFixture.runner(
      items: AppFixture.items(40), pageSize: 20, width: 60, height: 20, options: AppFixture.options())
    #expect(run.frames.last == AppFixture.screen(reference, keys))
  }

  @Test("Sleep lets simulated time pass: a page due after 300 ms is in after Sleep 500ms, not after Sleep 200ms")
  func sleep() throws {
    let early = try play("Sleep 200ms", latency: 300)
    let late = try play("Sleep 500ms", latency: 300)
    #expect(!early.frames[0].contains("20/40 items"))
    #expect(late.frames[0].contains("20/40 items"))
    let reference = AppFixture.runner(
      items: AppFixture.items(40), pageSize: 20, width: 60, height: 20, latency: 300)
    #expect(late.frames[0] == AppFixture.screen(reference, "wait:500"))
  }

  @Test("Wait returns as soon as the screen matches, on the simulated clock")
  func waitMatches() throws {
    let launches = Launches()
    let run = try play("Wait+Screen /20\\/40 items/\nScreenshot now.txt", latency: 1500, launches: launches)
    #expect(run.failure == nil)
    #expect(run.frames[0].contains("20/40 items"))
    #expect(run.screenshots.first?.content == run.frames[0] + "\n")
  }

  @Test("Wait that never matches fails after its timeout with the screen it saw")
  func waitTimesOut() throws {
    let run = try play("Down\nWait@2s /never on screen/\nDown", latency: 0)
    let failure = try #require(run.failure)
    #expect(failure.command.location.line == 2)
    #expect(failure.message.contains("timed out after 2 s"))
    #expect(failure.screen.contains("20/"), "\(failure.screen)")
    #expect(run.frames.count == 1, "the run stops at the failed Wait")
  }

  @Test("Set WaitTimeout and Set WaitPattern are the defaults of a bare Wait")
  func waitSettings() throws {
    let run = try play("Set WaitTimeout 300ms\nSet WaitPattern /absent/\nWait")
    #expect(run.failure?.message.contains("timed out after 300 ms (simulated) waiting for /absent/") == true)
  }

  @Test("WaitSettled waits until no page is loading")
  func waitSettled() throws {
    let run = try play("WaitSettled", latency: 700)
    #expect(run.failure == nil)
    #expect(run.frames[0].contains("20/40 items"))
    let timedOut = try play("WaitSettled@300ms", latency: 700)
    #expect(timedOut.failure?.message.contains("nothing loading") == true)
  }

  @Test(
    "a VHS tape: the typed waterfall line launches the viewer with its arguments; the hidden shell setup is skipped")
  func typedCommandLaunches() throws {
    let launches = Launches()
    let tape = """
      Output demo.gif
      Output demo.txt
      Set FontSize 22
      Set Width 1200
      Set Height 600
      Hide
      Type "cd ~/shop && clear"
      Enter
      Show
      Type "waterfall --latency 300"
      Enter
      Sleep 400ms
      Down 2
      Type "q"
      Sleep 1s
      Type "echo done"
      """
    let run = try play(tape, size: GridSize(width: 50, height: 16), launches: launches)
    #expect(launches.arguments == [["--latency", "300"]])
    #expect(launches.sizes == [GridSize(width: 50, height: 16)], "with no font to measure, the default size")
    #expect(run.ignored.isEmpty)
    #expect(run.pictureSettings.map(\.name) == ["FontSize"], "kept for the GIF")
    #expect(run.notes.contains { $0.contains("Set Width 1200, Height 600: no font to measure cells with") })
    #expect(run.pictureOutputs == ["demo.gif"])
    #expect(run.notes.contains { $0.contains("the viewer quit; 1 command(s) after it not run") })
    #expect(run.textOutputs == ["demo.txt"])
    // Show, Type, Enter, Sleep, Down, Type "q": one frame each; nothing while hidden, nothing after the quit.
    #expect(
      run.frameLabels.map { $0.split(separator: ":").first! } == [
        "line 9", "line 10", "line 11", "line 12", "line 13", "line 14",
      ])
    #expect(run.frames[0].hasPrefix(">"))
    #expect(run.frames[1].hasPrefix("> waterfall --latency 300"))
    #expect(run.frames[3].contains("20/40 items"))
    #expect(run.frames[4].contains("row 3/"))
  }

  @Test(
    "a tape without a typed command launches the caller's viewer at its first command, in the cells that fit Set Width/Height's pixels"
  )
  func plainTapeLaunchesAtFirstCommand() throws {
    let launches = Launches()
    let tenByTwenty: TapePlayer.CellsForPixels = { width, height in (width / 10, height / 20) }
    let run = try play(
      "Set Width 700\nSet Height 440\nDown\nSet Width 30", launches: launches, cellsForPixels: tenByTwenty)
    #expect(launches.arguments == [nil])
    #expect(launches.sizes == [GridSize(width: 70, height: 22)])
    #expect(run.ignored == ["Set Width 30 (after the first command)"])
    #expect(run.frames.count == 1)
    let onlyWidth = Launches()
    _ = try play("Set Width 500\nDown", launches: onlyWidth, cellsForPixels: tenByTwenty)
    #expect(onlyWidth.sizes == [GridSize(width: 50, height: 30)], "VHS's default height, 600 pixels")
    let asked = Launches()
    let explicit = try play(
      "Set Width 700\nSet Height 440\nDown", launches: asked, sizeIsExplicit: true, cellsForPixels: tenByTwenty)
    #expect(asked.sizes == [GridSize(width: 60, height: 20)], "--size wins")
    #expect(explicit.notes.contains { $0.contains("the screen is the size asked for, 60x20") })
  }

  @Test("Ctrl+C ends the viewer as the signal does; q quits as the key does")
  func quitting() throws {
    #expect(try play("Ctrl+C\nDown").notes.contains { $0.contains("the viewer quit") })
    #expect(try play("Type \"q\"\nDown").notes.contains { $0.contains("the viewer quit") })
  }

  @Test("a typed command line whose arguments do not parse is an error at the Enter that ran it")
  func launchFailure() {
    #expect(throws: TapeError.self) { try play("Type \"waterfall --fail\"\nEnter") }
    do {
      _ = try play("Type \"waterfall --fail\"\n  Enter")
    } catch let error as TapeError {
      #expect(error.location == TapeLocation(line: 2, column: 3))
      #expect(error.message.contains("no such option --fail"))
    } catch {
      Issue.record(error)
    }
  }

  @Test("the same tape gives the same golden text and the same recording on every run")
  func deterministic() throws {
    let tape = "Output a.cast\nSleep 400ms\nDown 5\nType \"l\"\nEnter\nSleep 2s\nEscape\nPageDown\nWaitSettled"
    let first = try play(tape, latency: 300)
    let second = try play(tape, latency: 300)
    #expect(first.goldenText == second.goldenText)
    #expect(first.cast != nil && first.cast == second.cast)
    #expect(first.castOutputs == ["a.cast"])
  }

  @Test("an output's suffix counts in any case: Output DEMO.CAST records, as .TXT keeps the frames")
  func outputSuffixInAnyCase() throws {
    let run = try play("Output DEMO.CAST\nOutput DEMO.TXT\nDown")
    #expect(run.castOutputs == ["DEMO.CAST"])
    #expect(run.textOutputs == ["DEMO.TXT"])
    let cast = try AsciicastReader.parse(try #require(run.cast, "the recording an Output asked for"))
    #expect(cast.events.contains { $0.kind == .output })
  }

  @Test("Hide keeps frames out of the golden file and the recording; Show brings them back")
  func hideAndShow() throws {
    let run = try play("Output x.cast\nHide\nDown 4\nShow\nDown")
    #expect(run.frames.count == 2, "Show and Down")
    let cast = try AsciicastReader.parse(try #require(run.cast))
    #expect(cast.events.allSatisfy { $0.kind == .output })
    // Nothing while hidden (the launch included); the screen Show shows (the .txt's first frame), Down's change,
    // and the end.
    #expect(cast.events.count == 3)
    #expect(cast.events.first?.data.contains("\u{1B}[2J") == true)
    #expect(cast.events.last?.data == "")
    #expect(abs((cast.events.last?.time ?? 0) - cast.events[1].time - 0.05) < 0.000_1, "Down takes its 50 ms")
  }

  @Test("Output .ansi keeps each frame with its colours; a screenshot takes the screen of that moment")
  func ansiOutputAndScreenshots() throws {
    let run = try play("Output x.ansi\nDown\nScreenshot a.ansi\nScreenshot b.txt\nScreenshot c.png\nEnd")
    #expect(run.ansiOutputs == ["x.ansi"])
    #expect(run.ansiFrames.count == 5 && run.ansiFrames.allSatisfy { $0.contains("\u{1B}[") })
    #expect(run.screenshots.map(\.path) == ["a.ansi", "b.txt"])
    #expect(run.screenshots[1].content == run.frames[0] + "\n", "the screen after Down, not after End")
    #expect(run.pictureScreenshots.map(\.path) == ["c.png"])
    #expect(run.pictureScreenshots.first?.screen.text == run.frames[0], "the screen after Down, as b.txt")
  }
}
