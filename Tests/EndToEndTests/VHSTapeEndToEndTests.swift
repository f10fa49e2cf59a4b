import Foundation
import TestSupport
import Testing

/// Tapes as VHS writes them, through the release binary with its defaults: several commands on a line, keys with
/// modifiers, the clipboard, `Source`, `Env`, `Require`, a frame folder, and `Width`/`Height` as the picture's
/// pixels.
@Suite("VHS tapes, end to end", .serialized)
struct VHSTapeEndToEndTests {
  init() throws { try TmuxPane.requireUsableBinary() }

  /// Removed with the suite's value, after each test.
  private let folder = TemporaryDirectory("vhs-tapes")

  private func pngSize(_ path: String) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func bigEndian(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    return (bigEndian(16), bigEndian(20))
  }

  @Test("Set Width 800 and Set Height 350 give an 800x350 picture, whatever the font size; the cells follow")
  func pixelSize() throws {
    for fontSize in [22, 42] {
      let png = folder.file("h\(fontSize).png")
      let text = folder.file("h\(fontSize).txt")
      let tape = folder.write(
        "h\(fontSize).tape",
        """
        Output "\(png)"
        Output "\(text)"
        Set FontSize \(fontSize)
        Set Width 800
        Set Height 350
        Sleep 1s
        """)
      let run = try BinaryRun(["snapshot", "--tape", tape, "--no-images"])
      #expect(run.status == 0, "\(run.errors)")
      let size = try pngSize(png)
      #expect(size.width == 800 && size.height == 350, "\(size)")
      // The golden frame is the screen the pixels hold, less VHS's 60 pixels of padding: (350 - 120) / the cell's
      // height in rows, about 26 pixels at FontSize 22 and 50 at 42.
      let frame = try String(contentsOfFile: text, encoding: .utf8)
      let rows = frame.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("────") }
      #expect(rows == (fontSize == 22 ? 8 : 4), "\(frame)")
    }
  }

  @Test("a tape in VHS's grammar: commands sharing lines, chords, Copy/Paste, Source, Env, Require, a frame folder")
  func grammar() throws {
    let frames = folder.file("frames") + "/"
    let text = folder.file("grammar.txt")
    _ = folder.write("search.tape", "Output \"ignored.txt\"\nType \"/\" Paste Enter Sleep 500ms\n")
    let tape = folder.write(
      "grammar.tape",
      """
      Output "\(text)"
      Output "\(frames)"
      Require sh
      Env WATERFALL_TEST_GREETING "hi"
      Set Shell bash
      Set WindowBar Colorful
      Set Margin 20
      Set MarginFill "#674EFF"
      Set BorderRadius 10
      Sleep 500ms Down Sleep .2 Shift+Tab Alt+. Ctrl+Alt+D
      Copy "coat"
      Source search.tape
      Sleep 1s
      """)
    let run = try BinaryRun(["snapshot", "--tape", tape, "--no-images", "--size", "80x24"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("ignored (they only matter to VHS): Shell"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("ignored.txt")), "a sourced tape's Output is not")
    let separator = "\n" + String(repeating: "─", count: 80) + "\n"
    let golden = try String(contentsOfFile: text, encoding: .utf8).components(separatedBy: separator).dropLast()
    // A frame per command: six on line 10, Copy, the sourced tape's four, the closing Sleep.
    #expect(golden.count == 12, "\(golden.count) frames")
    guard golden.count == 12 else { return }
    #expect(golden[1].contains("row 2/") && !golden[0].contains("row 2/"), "Down moved one row:\n\(golden[1])")
    #expect(
      golden[3] == golden[2] && golden[4] == golden[2] && golden[5] == golden[2],
      "Shift+Tab, Alt+., Ctrl+Alt+D do nothing")
    #expect(golden[8].contains("/coat"), "Paste typed the tape's clipboard at the search prompt:\n\(golden[8])")
    let written = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
    #expect(written.first == "frame-00001.png" && written.count > 2, "\(written)")
    let size = try pngSize(frames + written[0])
    #expect(size.width > 80 * 8 && size.height > 24 * 16, "the margin and bar around the cells: \(size)")

    let missing = folder.write("missing.tape", "Require no-such-program-here\nDown\n")
    let refused = try BinaryRun(["snapshot", "--tape", missing])
    #expect(refused.status == 1)
    #expect(refused.errors.contains("\(missing):1:1: Require no-such-program-here: not found on the PATH"))
  }

  @Test("what VHS refuses is refused, every problem named by file, line and column, before anything is written")
  func refusals() throws {
    let output = folder.file("never.txt")
    let tape = folder.write(
      "bad.tape", "Output \"\(output)\"\nType Enter\nSleep Bar\nCtrl+Shift+C+Alt\nSource other.vhs\n")
    let run = try BinaryRun(["snapshot", "--tape", tape])
    #expect(run.status == 64)
    for problem in [
      "\(tape):2:6: Type expects string", "\(tape):3:1: Expected time after Sleep", "\(tape):3:7: Invalid command: Bar",
      "\(tape):4:13: Modifiers must come before other characters",
      "\(tape):5:8: Expected file with .tape extension",
    ] {
      #expect(run.errors.contains(problem), "\(problem)\n\(run.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: output))

    // VHS's examples/errors/dimensions.tape: 100 pixels cannot hold 100 of padding on each side.
    let small = folder.write(
      "dimensions.tape", "Set Height 100\nSet Width 100\nSet Padding 100\nOutput \"\(output)\"\nType \"x\"\n")
    let refused = try BinaryRun(["snapshot", "--tape", small])
    #expect(refused.status == 64)
    #expect(refused.errors.contains("\(small): Dimensions must be at least 200 x 200"), "\(refused.errors)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
