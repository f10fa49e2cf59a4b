import Foundation
import TestSupport
import Testing

/// Pictures over http from the loopback test server, through the release binary in tmux, with a temporary
/// XDG_CACHE_HOME. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test(
    "http pictures appear in colour, a 404 shows its mark; only the cache's own folder appears; cache info counts them; offline draws them; clear empties"
  )
  func picturesOverHTTP() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-e2e-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try PictureServer()
    let items =
      (0..<5).map { (title: "item \($0)", img: server.url("/picture/e2e-\($0).png?size=120x90&delay=50")) }
      + [(title: "gone", img: server.url("/status/404"))]
    let dataset = try PictureServer.writeDataset(items, in: folder)
    let environment = ["XDG_CACHE_HOME=\(folder)/cache"]

    let pane = try TmuxPane(arguments: [dataset], environment: environment)
    try pane.waitForScreen(Self.picturesAndOneMark)
    let colored = try pane.tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
    #expect(colored.contains("38;5;") && colored.contains("48;5;"), "pictures in 256 colours:\n\(colored)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    // Foundation's own URL cache would make a folder beside ours.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/cache") == ["waterfall"])

    // Looking changes nothing, not even a stray file that opening the cache would tidy away.
    let pictures = folder + "/cache/waterfall/pictures"
    _ = FileManager.default.createFile(atPath: pictures + "/stray", contents: Data([1]))
    let files = try FileManager.default.contentsOfDirectory(atPath: pictures).sorted()
    let info = folder + "/cache-info.txt"
    let status = try ChildProcess.run(["env"] + environment + [TmuxPane.binary, "cache", "info"], outputPath: info)
    let text = (try? String(contentsOfFile: info, encoding: .utf8)) ?? ""
    #expect(status == 0)
    #expect(text.contains("place: \(folder)/cache/waterfall") && text.contains("pictures: 5"), "\(text)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: pictures).sorted() == files)

    server.stop()
    let offline = try TmuxPane(arguments: [dataset, "--offline"], environment: environment)
    try offline.waitForScreen(Self.picturesAndOneMark)
    try offline.send(keys: ["q"])
    try expectRestored(offline, status: "0")

    let cleared = folder + "/cache-clear.txt"
    #expect(
      try ChildProcess.run(["env"] + environment + [TmuxPane.binary, "cache", "clear"], outputPath: cleared) == 0)
    #expect(try ChildProcess.run(["env"] + environment + [TmuxPane.binary, "cache", "info"], outputPath: cleared) == 0)
    let afterClear = (try? String(contentsOfFile: cleared, encoding: .utf8)) ?? ""
    #expect(afterClear.contains("removed 5 pictures") && afterClear.contains("pictures: 0"), "\(afterClear)")
  }

  /// Five boxes drawn and one failure mark: a box still loading is shaded all over (about 160 shade characters),
  /// and only the failed box may be.
  static func picturesAndOneMark(_ screen: String) -> Bool {
    let shades = screen.unicodeScalars.filter { "░▒▓".unicodeScalars.contains($0) }.count
    return screen.components(separatedBy: "✕ no picture").count == 2 && shades < 200 && screen.contains("▄")
  }
}
