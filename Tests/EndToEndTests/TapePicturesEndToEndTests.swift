import Foundation
import TestSupport
import Testing

/// A tape's pictures through the release binary: PNG, WebP and GIF files a user opens, the same bytes every run,
/// bad settings refused before anything is written.
@Suite("Tape pictures, end to end", .serialized)
struct TapePicturesEndToEndTests {
  init() throws { try TmuxPane.requireUsableBinary() }

  /// Removed with the suite's value, after each test.
  private let folder = TemporaryDirectory("pictures")

  private func path(_ name: String) -> String { folder.file(name) }

  private func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
  }

  private func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
  }

  private func tape(_ prefix: String) -> String {
    """
    Output "\(path(prefix + ".png"))"
    Output "\(path(prefix + ".webp"))"
    Output "\(path(prefix + ".gif"))"
    Set FontSize 16
    Set Padding 10
    Set Theme "Dracula"
    Set Width 600
    Set Height 420
    Hide
    Sleep 1s
    Show
    Down 2
    Screenshot "\(path(prefix + "-shot.png"))"
    Type "/coat"
    Enter
    Sleep 2s
    """
  }

  @Test("PNG, WebP, GIF and a screenshot, at the tape's pixel size, with real pictures; the same bytes twice")
  func picturesRepeat() throws {
    for prefix in ["first", "second"] {
      let file = path(prefix + ".tape")
      try tape(prefix).write(toFile: file, atomically: true, encoding: .utf8)
      let run = try BinaryRun(["snapshot", "--tape", file, "--graphics", "kitty"])
      #expect(run.status == 0, "\(run.errors)")
    }
    let png = try bytes("first.png")
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(bigEndian(png, at: 16) == 600 && bigEndian(png, at: 20) == 420, "Set Width/Height: the picture's pixels")
    let shot = try bytes("first-shot.png")
    #expect(shot.starts(with: [0x89, 0x50, 0x4E, 0x47]) && shot != png, "the screen after Down 2, not the last")
    let webp = try bytes("first.webp")
    #expect(String(decoding: webp[0..<4], as: UTF8.self) == "RIFF")
    #expect(String(decoding: webp[8..<12], as: UTF8.self) == "WEBP")
    let gif = try bytes("first.gif")
    #expect(gif.starts(with: Array("GIF89a".utf8)))
    #expect(Int(gif[6]) | Int(gif[7]) << 8 == 600 && Int(gif[8]) | Int(gif[9]) << 8 == 420)
    for name in ["png", "webp", "gif", "-shot.png"] {
      let suffix = name.hasPrefix("-") ? name : "." + name
      #expect(try bytes("first" + suffix) == bytes("second" + suffix), "\(name): byte for byte the same")
    }
  }

  @Test("waterfall render draws a live session recorded with --record: a GIF whose delays span the recording, a PNG")
  func renderRecording() throws {
    let recording = path("live.cast")
    let pane = try TmuxPane(arguments: ["--record", recording, "--no-images"], width: 80, height: 24)
    try pane.waitForScreen { $0.contains("60/180 items") && $0.contains("row 1/") }
    try pane.send(keys: ["j"])
    try pane.waitForScreen { !$0.contains("row 1/") }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
    let gif = try BinaryRun(["render", recording, path("live.gif")])
    #expect(gif.status == 0, "\(gif.errors)")
    let bytes = try bytes("live.gif")
    #expect(bytes.starts(with: Array("GIF89a".utf8)))
    let png = try BinaryRun(["render", recording, path("live.png"), "--theme", "Nord", "--font-size", "14"])
    #expect(png.status == 0, "\(png.errors)")
    #expect(try self.bytes("live.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let wrong = try BinaryRun(["render", recording, path("live.bmp")])
    #expect(wrong.status == 64 && wrong.errors.contains("must end in .gif, .webp or .png"))
    let missing = try BinaryRun(["render", path("missing.cast"), path("missing.gif")])
    #expect(missing.status == 2, "\(missing.errors)")
    #expect(missing.errors.contains("missing.cast: cannot be read: No such file or directory"), "\(missing.errors)")
  }

  @Test(
    "with --graphics kitty the pictures are drawn as their own pixels, not the mosaic; the golden text differs only where the pixels cover the mosaic"
  )
  func realPixelsOrMosaic() throws {
    var pictures: [String: [UInt8]] = [:]
    var texts: [String: String] = [:]
    for graphics in ["kitty", "symbols"] {
      let file = path("\(graphics).tape")
      let tape = "Output \"\(path(graphics + ".png"))\"\nOutput \"\(path(graphics + ".txt"))\"\nSet FontSize 12\nDown\n"
      try tape.write(toFile: file, atomically: true, encoding: .utf8)
      let run = try BinaryRun(["snapshot", "--tape", file, "--graphics", graphics, "--size", "80x24"])
      #expect(run.status == 0, "\(run.errors)")
      pictures[graphics] = try bytes(graphics + ".png")
      texts[graphics] = try String(contentsOfFile: path(graphics + ".txt"), encoding: .utf8)
    }
    #expect(pictures["kitty"] != pictures["symbols"])
    // Under pixels only a picture's last row (a price's) keeps its symbols (drawn from that row's strip alone, so a
    // symbol may differ); the rows above are spaces.
    let kitty = try #require(texts["kitty"]).split(separator: "\n", omittingEmptySubsequences: false)
    let symbols = try #require(texts["symbols"]).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(kitty.count == symbols.count)
    var blanked = 0
    for (withPixels, withSymbols) in zip(kitty, symbols) where withPixels != withSymbols {
      let width = max(withPixels.count, withSymbols.count)
      let pixelRow = Array(withPixels) + Array(repeating: " ", count: width - withPixels.count)
      let symbolRow = Array(withSymbols) + Array(repeating: " ", count: width - withSymbols.count)
      #expect(
        zip(pixelRow, symbolRow).allSatisfy { $0 == $1 || (Self.isMosaic($1) && ($0 == " " || Self.isMosaic($0))) },
        "only the pictures' cells change: \(withPixels) against \(withSymbols)")
      blanked += 1
    }
    #expect(blanked > 0, "the mosaic under the pixels is gone")
    #expect(kitty.contains { $0.contains(where: Self.isMosaic) }, "the price rows keep their symbols")
  }

  /// A character chafa draws pictures with: block elements and sextants.
  private static func isMosaic(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy {
      (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value)
    }
  }

  @Test(
    "a bad picture setting names the tape, line and column, exits 64 and writes nothing; a picture too large is refused"
  )
  func badSetting() throws {
    let file = path("bad.tape")
    try "Output \"\(path("bad.gif"))\"\nSet FontSize 2\nDown\n".write(toFile: file, atomically: true, encoding: .utf8)
    let run = try BinaryRun(["snapshot", "--tape", file])
    #expect(run.status == 64)
    #expect(run.errors.contains("\(file):2:1: FontSize expects 4 to 200 pixels"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: path("bad.gif")))
    let huge = path("huge.tape")
    try "Output \"\(path("huge.gif"))\"\nSet Width 90000\nDown\n".write(toFile: huge, atomically: true, encoding: .utf8)
    let refused = try BinaryRun(["snapshot", "--tape", huge])
    #expect(refused.status == 64)
    #expect(refused.errors.contains("\(huge):2:1: Set Width 90000: over 16384 pixels"), "\(refused.errors)")
    let big = path("big.tape")
    try "Output \"\(path("big.png"))\"\nSet FontSize 200\nDown\n".write(toFile: big, atomically: true, encoding: .utf8)
    let tooBig = try BinaryRun(["snapshot", "--tape", big, "--size", "400x100"])
    #expect(tooBig.status == 2)
    #expect(tooBig.errors.contains("the picture would be"), "\(tooBig.errors)")
  }

  @Test("an unknown theme name is drawn in VHS's default theme, with a note naming the themes there are")
  func unknownTheme() throws {
    let file = path("theme.tape")
    try "Output \"\(path("theme.png"))\"\nSet Theme \"Tokyo Night\"\nDown\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let run = try BinaryRun(["snapshot", "--tape", file])
    #expect(run.status == 0)
    #expect(run.errors.contains("Theme \"Tokyo Night\" is not one of VHS, Dracula"), "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: path("theme.png")))
  }
}
