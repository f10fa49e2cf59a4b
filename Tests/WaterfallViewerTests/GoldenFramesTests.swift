import Testing

@testable import WaterfallViewer

@Suite("Golden frames and diffs")
struct GoldenFramesTests {
  @Test("VHS's layout: each frame's lines, then 80 ─; reading it back gives the frames")
  func layout() {
    let frames = ["a\nb", "", "c\n\nd"]
    let text = GoldenFrames.text(frames)
    #expect(
      text == "a\nb\n" + GoldenFrames.separator + "\n\n" + GoldenFrames.separator + "\nc\n\nd\n"
        + GoldenFrames.separator + "\n")
    #expect(GoldenFrames.frames(text) == frames)
    #expect(GoldenFrames.separator.count == 80)
  }

  @Test("a file without separators is one frame (a printed screen); CRLF files read the same")
  func plainAndCRLF() {
    #expect(GoldenFrames.frames("x\ny\n") == ["x\ny"])
    #expect(GoldenFrames.frames("x\r\n" + GoldenFrames.separator + "\r\n") == ["x"])
  }

  @Test("a match is no report; a mismatch names the first differing frame and its command, as a unified diff")
  func mismatch() throws {
    let golden = ["one\ntwo\nthree", "row 1\nfooter"]
    #expect(GoldenFrames.mismatch(expected: golden, actual: golden, labels: [], expectedName: "g.txt") == nil)
    let report = try #require(
      GoldenFrames.mismatch(
        expected: golden, actual: ["one\ntwo\nthree", "row 2\nfooter"], labels: ["line 3: Down", "line 4: Up"],
        expectedName: "g.txt"))
    #expect(
      report == """
        frame 2 of 2 differs from g.txt (2 frames), after line 4: Up
        --- g.txt frame 2
        +++ run frame 2
        @@ -1,2 +1,2 @@
        -row 1
        +row 2
         footer

        """)
  }

  @Test("a run with more or fewer frames than the golden file differs at the first missing one")
  func frameCounts() throws {
    let shorter = try #require(
      GoldenFrames.mismatch(expected: ["a", "b"], actual: ["a"], labels: ["x"], expectedName: "g"))
    #expect(shorter.contains("the run made no frame 2") && shorter.contains("-b"))
    let longer = try #require(
      GoldenFrames.mismatch(expected: ["a"], actual: ["a", "b"], labels: ["x", "y"], expectedName: "g"))
    #expect(longer.contains("g has no frame 2") && longer.contains("+b") && longer.contains("after y"))
  }

  @Test("the diff keeps three lines of context and splits far-apart changes into hunks")
  func hunks() {
    let old = (1...20).map { "line \($0)" }
    var new = old
    new[1] = "changed 2"
    new[17] = "changed 18"
    let diff = UnifiedDiff.diff(old: old, new: new, oldName: "a", newName: "b")
    #expect(diff.components(separatedBy: "@@ -").count == 3)
    #expect(diff.contains("@@ -1,5 +1,5 @@"))
    #expect(diff.contains("@@ -15,6 +15,6 @@"))
    #expect(UnifiedDiff.diff(old: old, new: old, oldName: "a", newName: "b").isEmpty)
  }

  @Test("applying the edit script to the old lines gives the new ones (random texts)")
  func scriptIsAnEditOfOldIntoNew() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let old = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        ["a", "b", "c"].randomElement(using: &generator)!
      }
      let new = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
        ["a", "b", "c"].randomElement(using: &generator)!
      }
      let edits = UnifiedDiff.script(old, new)
      #expect(edits.filter { $0.kind != .added }.map(\.text) == old)
      #expect(edits.filter { $0.kind != .removed }.map(\.text) == new)
    }
  }
}
