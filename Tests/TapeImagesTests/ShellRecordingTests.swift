import Foundation
import TapeImages
import TestSupport
import Testing
import WaterfallViewer

/// A real shell session as asciinema 2.2 recorded it (`asciinema rec -c 'fish --no-config'`, 80×24,
/// TERM=xterm-256color, in tmux): fish's prompt, titles and autosuggestions, `ls -l`, `seq 30` scrolling the screen,
/// a wrapped line, CJK text, `less` and `vim` (syntax colours, line numbers, hlsearch) on the alternate screen and
/// back, then `exit`. `waterfall render` must draw each moment as tmux shows the same bytes.
@Suite("A recorded shell session rendered as tmux shows it", .enabled(if: TmuxReference.isAvailable))
struct ShellRecordingTests {
  static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Recordings/fish-session.cast")

  /// The recording cut where each full-screen program has drawn its last screen (before the event that leaves
  /// the alternate screen), and whole; with a line the screen must show, so an empty screen cannot pass.
  static func moments() throws -> [(name: String, cast: Asciicast, shows: String)] {
    let cast = try AsciicastReader.parse(try String(contentsOf: recording, encoding: .utf8))
    let leaving = cast.events.indices.filter { cast.events[$0].data.contains("\u{1B}[?1049l") }
    #expect(leaving.count == 2, "less and vim each leave the alternate screen")
    func cut(_ end: Int) -> Asciicast {
      var part = cast
      part.events = Array(cast.events[..<end])
      return part
    }
    return [
      ("less's last screen", cut(leaving[0]), "line 25"), ("vim's last screen", cut(leaving[1]), "waterfall import"),
      ("the shell's last screen", cast, "完了 done"),
    ]
  }

  /// tmux's screen as cells, read from its styled capture by ``StyledLines`` (not the emulator under test).
  static func screen(of capture: TmuxReference.Capture, width: Int, height: Int) -> Screen {
    var screen = Screen(width: width, height: height)
    for (row, line) in StyledLines.parse(capture.styledLines).prefix(height).enumerated() {
      var column = 0
      for cluster in line where column < width {
        screen.put(String(cluster.text), x: column, y: row, style: Style(cluster.style))
        column += DisplayWidth.of(cluster.text)
      }
    }
    return screen
  }

  @Test("less's, vim's and the shell's last screens: every cell's text, colours and attributes as tmux has them")
  func sameCellsAsTmux() throws {
    for (name, cast, shows) in try Self.moments() {
      let (width, height) = (cast.width, cast.height)
      let bytes = cast.events.filter { $0.kind == .output }.map(\.data).joined()
      let reference = try TmuxReference.screen(of: bytes, width: width, height: height)
      #expect(reference.lines.contains { $0.contains(shows) }, "\(name): tmux shows \(shows)")
      let ours = try #require(CastScreens.screens(cast).screens.last).screen
      let theirs = Self.screen(of: reference, width: width, height: height)
      for row in 0..<height {
        let mine = String(ours.line(row).reversed().drop { $0 == " " }.reversed())
        let tmuxLine = row < reference.lines.count ? reference.lines[row] : ""
        #expect(mine == tmuxLine, "\(name), row \(row + 1):\n tmux: \(tmuxLine)\n ours: \(mine)")
      }
      var differing: [String] = []
      for y in 0..<height {
        for x in 0..<width where StyledLines.Style(ours[x, y].style) != StyledLines.Style(theirs[x, y].style) {
          differing.append(
            "(\(x),\(y)) ours \(StyledLines.Style(ours[x, y].style)), tmux \(StyledLines.Style(theirs[x, y].style))")
        }
      }
      #expect(differing.isEmpty, "\(name): \(differing.count) cells styled otherwise: \(differing.prefix(8))")
      #expect(
        (ours.cursorColumn, ours.cursorRow) == reference.cursor,
        "\(name): cursor \(ours.cursorColumn),\(ours.cursorRow), tmux \(reference.cursor)")
    }
  }

  @Test("drawn to pixels, each moment differs from tmux's screen in at most 1 % of its pixels")
  func samePixelsAsTmux() throws {
    for (name, cast, _) in try Self.moments() {
      let bytes = cast.events.filter { $0.kind == .output }.map(\.data).joined()
      let reference = try TmuxReference.screen(of: bytes, width: cast.width, height: cast.height)
      let ours = try #require(CastScreens.screens(cast).screens.last).screen
      let theirs = Self.screen(of: reference, width: cast.width, height: cast.height)
      let (mine, tmux) = try (pixels(ours), pixels(theirs))
      let differing = zip(mine, tmux).filter { $0 != $1 }.count
      #expect(differing * 100 <= mine.count, "\(name): \(differing) of \(mine.count) pixels differ")
    }
  }

  private func pixels(_ screen: Screen) throws -> [UInt32] {
    let canvas = try FrameCanvas(columns: screen.width, rows: screen.height, settings: ImageSettings())
    canvas.paint(screen)
    return canvas.pixels
  }
}

extension StyledLines.Style {
  init(_ style: WaterfallViewer.Style) {
    self.init()
    (foreground, background) = (.init(style.foreground), .init(style.background))
    let attributes = style.attributes
    (bold, dim, italic) = (attributes.contains(.bold), attributes.contains(.dim), attributes.contains(.italic))
    (underline, reverse) = (attributes.contains(.underline), attributes.contains(.reverse))
  }
}

extension StyledLines.Color {
  init(_ color: TerminalColor) {
    if case .rgb(let red, let green, let blue) = color {
      self = .rgb(Int(red), Int(green), Int(blue))
    } else {
      self = color.paletteIndex.map { $0 < 0 ? .standard : .indexed($0) } ?? .standard
    }
  }
}

extension WaterfallViewer.Style {
  init(_ style: StyledLines.Style) {
    func color(_ color: StyledLines.Color) -> TerminalColor {
      switch color {
      case .standard: .standard
      case .indexed(let index): .palette(UInt8(clamping: index))
      case .rgb(let red, let green, let blue): .rgb(UInt8(clamping: red), UInt8(clamping: green), UInt8(clamping: blue))
      }
    }
    var attributes: TextAttributes = []
    for (on, attribute) in [
      (style.bold, TextAttributes.bold), (style.dim, .dim), (style.italic, .italic), (style.underline, .underline),
      (style.reverse, .reverse),
    ] where on {
      attributes.insert(attribute)
    }
    self.init(foreground: color(style.foreground), background: color(style.background), attributes: attributes)
  }
}
