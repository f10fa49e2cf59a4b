import Foundation
import TestSupport
import Testing

/// The release binary in real terminals on a virtual X display: a picture of one colour outside the 256-colour
/// palette must show in that exact colour over at least 80% of its box, and after it is scrolled off (and after
/// quitting) none of that colour may be left anywhere on the screen.
@Suite("Real pixels in real terminals", .serialized)
struct RealPixelsEndToEndTests {
  /// Outside the xterm palette (its nearest entry is 0x5F87D7): only real pixels show it exactly.
  static let blue: UInt32 = 0x3A7BD5
  static let nearestPaletteBlue: UInt32 = 0x5F87D7

  /// A folder with a dataset: item 0 is the blue picture, the rest grey.
  final class Catalogue {
    let folder: URL
    var dataset: String { folder.appendingPathComponent("items.json").path }

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "waterfall-pixels-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Self.writePNG(colour: RealPixelsEndToEndTests.blue, to: folder.appendingPathComponent("blue.png"))
      try Self.writePNG(colour: 0x808080, to: folder.appendingPathComponent("grey.png"))
      var items: [[String: Any]] = [["w": 240, "h": 180, "img": "blue.png", "price": "¥0"]]
      for index in 1..<40 {
        items.append(["w": 240, "h": 180 + index % 3 * 40, "img": "grey.png", "price": "¥\(index)"])
      }
      try JSONSerialization.data(withJSONObject: items).write(to: URL(fileURLWithPath: dataset))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A 240×180 PNG of one colour, written by Python's zlib (this target links none of the app's modules).
    static func writePNG(colour: UInt32, to url: URL) throws {
      let script = #"""
        import struct, sys, zlib
        width, height, colour = 240, 180, int(sys.argv[1])
        row = b"\0" + bytes([colour >> 16, colour >> 8 & 255, colour & 255]) * width
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
        data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height))
        open(sys.argv[2], "wb").write(data + chunk(b"IEND", b""))
        """#
      let status = try ChildProcess.run(["python3", "-c", script, "\(colour)", url.path], outputPath: "/dev/null")
      try #require(status == 0, "python3 wrote the test picture")
    }

    /// The first box's picture area in cells at `width`×`height`, from the snapshot with placeholders.
    func firstPictureCells(width: Int, height: Int) throws -> Int {
      let output = folder.appendingPathComponent("snapshot.txt").path
      let status = try ChildProcess.run(
        [TmuxPane.binary, "snapshot", "--size", "\(width)x\(height)", "--no-images", dataset], outputPath: output)
      #expect(status == 0)
      let lines = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\n").map(Array.init)
      let shades: Set<Character> = ["░", "▒", "▓", "█"]
      let columns = lines[2].dropFirst(2).prefix { shades.contains($0) }.count
      // Counted down its rightmost column: the price covers the left of its last row.
      let rows = lines.dropFirst(2).prefix { $0.count > columns + 1 && shades.contains($0[columns + 1]) }.count
      return columns * rows
    }
  }

  /// A terminal on its own display running the viewer; the shell script around it reports the cell size first
  /// and the exit status last, then keeps the window open.
  final class Session {
    let display: VirtualDisplay
    let catalogue: Catalogue
    var cellFile: URL { display.directory.appendingPathComponent("cell") }
    var statusFile: URL { display.directory.appendingPathComponent("status") }
    /// The private tmux server the viewer runs in, if it runs in one.
    private(set) var tmuxSocket: String?

    deinit {
      if let tmuxSocket {
        _ = try? ChildProcess.run(["tmux", "-L", tmuxSocket, "kill-server"], outputPath: "/dev/null")
      }
    }

    /// A global option of the tmux server, as tmux shows it.
    func tmuxOption(_ name: String) -> String {
      guard let tmuxSocket else { return "" }
      let output = display.directory.appendingPathComponent("option").path
      _ = try? ChildProcess.run(["tmux", "-L", tmuxSocket, "show-options", "-gv", name], outputPath: output)
      return ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").trimmingCharacters(
        in: .whitespacesAndNewlines)
    }

    /// The picture drawn in symbols: the palette's nearest blue over half its box, its own blue nowhere.
    func showsSymbolsOnly() throws {
      let area = try expectedBlueArea()
      try waitForSteadyScreen("the picture in symbols") {
        $0.count(RealPixelsEndToEndTests.nearestPaletteBlue, tolerance: 2) >= area / 2
      }
      #expect(try display.screenshot().count(RealPixelsEndToEndTests.blue) == 0)
    }

    init(
      terminal: (String) -> [String], arguments: [String], tmuxPassthrough: Bool? = nil,
      environment: [String: String] = [:]
    ) throws {
      display = try VirtualDisplay()
      catalogue = try Catalogue()
      let script = display.directory.appendingPathComponent("run.sh")
      let cache = display.directory.appendingPathComponent("cache").path
      var viewer =
        "env -u NO_COLOR TERM=xterm-256color SWIFT_BACKTRACE=interactive=no XDG_CACHE_HOME=\(cache) "
        + ([TmuxPane.binary, "view"] + arguments + [catalogue.dataset]).joined(separator: " ")
      if let tmuxPassthrough {
        let socket = "waterfall-pixels-\(UUID().uuidString.prefix(8))"
        tmuxSocket = socket
        let config = display.directory.appendingPathComponent("tmux.conf")
        try "set -g status off\nset -g allow-passthrough \(tmuxPassthrough ? "on" : "off")\n".write(
          to: config, atomically: true, encoding: .utf8)
        viewer = "tmux -L \(socket) -f \(config.path) new-session '\(viewer)'"
      }
      try """
      #!/bin/sh
      python3 -c 'import fcntl, struct, sys, termios; r, c, w, h = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8))); print(w // c, h // r)' > \(cellFile.path).part
      mv \(cellFile.path).part \(cellFile.path)
      \(viewer)
      echo $? > \(statusFile.path)
      exec sleep 600
      """.write(to: script, atomically: true, encoding: .utf8)
      try display.start(terminal("sh \(script.path)"), environment: environment)
      try display.waitUntil(seconds: 60, "the terminal to start") {
        FileManager.default.fileExists(atPath: cellFile.path)
      }
    }

    /// The first picture's area in pixels at 80×24.
    func expectedBlueArea() throws -> Int {
      let cell = try String(contentsOf: cellFile, encoding: .utf8).split(separator: " ").compactMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      try #require(cell.count == 2 && cell[0] > 0 && cell[1] > 0, "the terminal reports its pixel size")
      return try catalogue.firstPictureCells(width: 80, height: 24) * cell[0] * cell[1]
    }

    /// Waits until two screenshots in a row satisfy `condition` (a frame drawn, not one half drawn).
    func waitForSteadyScreen(seconds: Double = 60, _ what: String, _ condition: (Screenshot) -> Bool) throws {
      var previousHeld = false
      var last: Screenshot?
      do {
        try display.waitUntil(seconds: seconds, what) {
          let shot = try display.screenshot()
          last = shot
          let holds = condition(shot)
          defer { previousHeld = holds }
          return holds && previousHeld
        }
      } catch {
        let blue = last?.count(RealPixelsEndToEndTests.blue) ?? -1
        let log = (try? String(contentsOf: display.directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
        if let last {
          last.writePPM(to: FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-last-shot.ppm"))
        }
        throw VirtualDisplay.Failure(
          "\(error); \(blue) blue pixels on the last screenshot; terminal log: \(log.suffix(600))")
      }
    }

    /// Shows the picture, scrolls it off, quits: the picture's colour over ≥ 80% of its box, then nowhere.
    func showScrollAndQuit() throws {
      let area = try expectedBlueArea()
      try waitForSteadyScreen("the blue picture in pixels over 80% of its box") {
        $0.count(RealPixelsEndToEndTests.blue) >= area * 8 / 10
      }
      #expect(try display.screenshot().count(RealPixelsEndToEndTests.blue) <= area * 11 / 10, "nothing outside its box")
      try display.type(["G"])
      try waitForSteadyScreen("no blue left after scrolling it off") { $0.count(RealPixelsEndToEndTests.blue) == 0 }
      try display.type(["g"])
      try waitForSteadyScreen("the blue picture back") { $0.count(RealPixelsEndToEndTests.blue) >= area * 8 / 10 }
      try display.type(["q"])
      try display.waitUntil(seconds: 30, "the viewer to quit") {
        FileManager.default.fileExists(atPath: statusFile.path)
      }
      #expect(
        try String(contentsOf: statusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
      try waitForSteadyScreen(seconds: 20, "no picture left on the restored screen") {
        $0.count(RealPixelsEndToEndTests.blue) == 0
      }
    }
  }

  static func xterm(_ command: String) -> [String] {
    ["xterm", "-ti", "vt340", "-geometry", "80x24+0+0", "-e", "sh", "-c", command]
  }

  static func kitty(_ command: String) -> [String] {
    [
      "kitty", "--config", "NONE", "-o", "initial_window_width=80c", "-o", "initial_window_height=24c",
      "-o", "remember_window_size=no", "-o", "placement_strategy=top-left", "sh", "-c", command,
    ]
  }

  static func mlterm(_ command: String) -> [String] {
    ["mlterm", "-g", "80x24+0+0", "-e", "sh", "-c", command]
  }

  /// kitty draws with OpenGL: Mesa's software renderer on a display without a GPU.
  static let kittyEnvironment = ["LIBGL_ALWAYS_SOFTWARE": "1"]

  @Test("xterm -ti vt340: sixel, found by asking the terminal")
  func xtermSixel() throws {
    try VirtualDisplay.require(["xterm"])
    try Session(terminal: Self.xterm, arguments: []).showScrollAndQuit()
  }

  @Test("kitty: the kitty graphics protocol, found by asking the terminal")
  func kittyGraphics() throws {
    try VirtualDisplay.require(["kitty"])
    try Session(terminal: Self.kitty, arguments: [], environment: Self.kittyEnvironment).showScrollAndQuit()
  }

  @Test("mlterm: sixel, found by asking the terminal")
  func mltermSixel() throws {
    try VirtualDisplay.require(["mlterm"])
    try Session(terminal: Self.mlterm, arguments: []).showScrollAndQuit()
  }

  @Test("kitty through tmux with allow-passthrough on: kitty's pixels, placed in the pane")
  func kittyInTmux() throws {
    try VirtualDisplay.require(["kitty", "tmux"])
    try Session(terminal: Self.kitty, arguments: [], tmuxPassthrough: true, environment: Self.kittyEnvironment)
      .showScrollAndQuit()
  }

  @Test("kitty through tmux with allow-passthrough off: symbols, and tmux's setting is left as it was")
  func kittyInTmuxWithoutPassthrough() throws {
    try VirtualDisplay.require(["kitty", "tmux"])
    let session = try Session(
      terminal: Self.kitty, arguments: [], tmuxPassthrough: false, environment: Self.kittyEnvironment)
    try session.showsSymbolsOnly()
    #expect(session.tmuxOption("allow-passthrough") == "off")
  }

  @Test("--graphics symbols in xterm: the palette's nearest blue, never the picture's own")
  func symbolsFallback() throws {
    try VirtualDisplay.require(["xterm"])
    try Session(terminal: Self.xterm, arguments: ["--graphics", "symbols"]).showsSymbolsOnly()
  }
}
