import Foundation
import TestSupport
import Testing

/// The reuse lesson (`Resources/tapes/reuse-lesson.tape`), as `make screenshots` runs it: its text golden is the
/// one committed beside its GIF, and its GIF is the same bytes on every run.
@Suite("The reuse lesson's tape")
struct LessonTapeEndToEndTests {
  @Test("the lesson gives its committed text golden, and the same GIF bytes twice")
  func lessonRepeats() throws {
    try TmuxPane.requireUsableBinary()
    let root = TmuxPane.checkout
    var gifs: [Data] = []
    for run in 1...2 {
      let folder = TemporaryDirectory("lesson-\(run)")
      defer { folder.remove() }
      try FileManager.default.createDirectory(
        atPath: folder.file("Resources/screenshots"), withIntermediateDirectories: true)
      let command = [
        "cd", folder.path, "&&", "\"$WATERFALL\"", "snapshot", "--tape",
        root.appendingPathComponent("Resources/tapes/reuse-lesson.tape").path, "--graphics", "kitty", "--size",
        "120x36", root.appendingPathComponent("Resources/catalogue").path,
      ].joined(separator: " ")
      let lesson = try BinaryRun(shell: command + " >/dev/null")
      try #require(lesson.status == 0, "\(lesson.errors)")
      let text = try String(contentsOfFile: folder.file("Resources/screenshots/reuse-lesson.txt"), encoding: .utf8)
      let golden = try String(
        contentsOf: root.appendingPathComponent("Resources/screenshots/reuse-lesson.txt"), encoding: .utf8)
      #expect(text == golden, "run \(run): the lesson's frames changed; `make screenshots` writes them again")
      #expect(text.contains("ours") && text.contains("from pool"), "the comparison and reuse from the pool")
      gifs.append(try Data(contentsOf: URL(fileURLWithPath: folder.file("Resources/screenshots/reuse-lesson.gif"))))
    }
    #expect(gifs[0].count > 10_000 && gifs[0] == gifs[1], "the same GIF twice: \(gifs.map(\.count)) bytes")
  }
}
