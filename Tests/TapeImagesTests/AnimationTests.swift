import TapeImages
import Testing
import WaterfallViewer

/// Animations of a tape's screens: frames on the framerate's grid, delays from the simulated clock, the last frame
/// held to the tape's end, the same bytes every time.
@Suite("Animated GIF and WebP of a tape's screens")
struct AnimationTests {
  private func screen(_ text: String) -> Screen {
    var screen = Screen(width: 12, height: 3)
    _ = screen.put(text, x: 0, y: 1)
    return screen
  }

  private var settings: ImageSettings {
    var settings = ImageSettings()
    (settings.fontSize, settings.padding) = (14, 4)
    return settings
  }

  /// Screens at 0, 1.2 s, 1.21 s (the same frame at 50 fps: the later wins) and 2 s; the tape ends at 5 s.
  private var screens: [TimedScreen] {
    [
      TimedScreen(milliseconds: 0, screen: screen("one")),
      TimedScreen(milliseconds: 1200, screen: screen("two")),
      TimedScreen(milliseconds: 1210, screen: screen("three")),
      TimedScreen(milliseconds: 2000, screen: screen("four")),
    ]
  }

  @Test("frames fall on the framerate's grid, the last of a frame's changes wins, the last frame holds to the end")
  func framesOnTheGrid() {
    let frames = AnimationFrames.frames(screens, endMilliseconds: 5000, settings: settings, unit: 10)
    #expect(frames.map(\.screen.text) == [screen("one").text, screen("three").text, screen("four").text])
    #expect(frames.map(\.duration) == [1200, 800, 3000])
    var slow = settings
    slow.framerate = 1
    let coarse = AnimationFrames.frames(screens, endMilliseconds: 5000, settings: slow, unit: 10)
    #expect(coarse.map(\.duration) == [1000, 1000, 3000], "one frame a second: 1.2 s shows at 1 s")
  }

  @Test("PlaybackSpeed divides the delays; LoopOffset starts the loop further on, the delays following their frames")
  func speedAndOffset() {
    var fast = settings
    fast.playbackSpeed = 2
    #expect(
      AnimationFrames.frames(screens, endMilliseconds: 5000, settings: fast, unit: 10).map(\.duration) == [
        600, 400, 1500,
      ])
    var offset = settings
    _ = offset.apply("LoopOffset", "1")
    let shifted = AnimationFrames.frames(screens, endMilliseconds: 5000, settings: offset, unit: 10)
    #expect(shifted.map(\.duration) == [800, 3000, 1200])
    #expect(shifted.last?.screen.text == screen("one").text)
  }

  @Test("the GIF: its frames, delays adding up to the tape's time, looping forever, the same bytes twice")
  func gifStructure() throws {
    let frames = AnimationFrames.frames(screens, endMilliseconds: 5000, settings: settings, unit: 10)
    let canvas = try FrameCanvas(columns: 12, rows: 3, settings: settings)
    let bytes = try GIFAnimation.encode(frames, on: canvas)
    let gif = try GIFStructure(bytes)
    #expect(gif.width == canvas.width && gif.height == canvas.height)
    #expect(gif.delays == [120, 80, 300])
    #expect(gif.delays.reduce(0, +) == 500, "5 s of tape")
    #expect(gif.loopCount == 0, "0: forever")
    let again = try GIFAnimation.encode(frames, on: try FrameCanvas(columns: 12, rows: 3, settings: settings))
    #expect(again == bytes)
  }

  @Test("the WebP is an animation (RIFF WEBP with ANIM and one ANMF per frame), the same bytes twice")
  func webpStructure() throws {
    let frames = AnimationFrames.frames(screens, endMilliseconds: 5000, settings: settings, unit: 1)
    let bytes = try WebPAnimation.encode(frames, on: try FrameCanvas(columns: 12, rows: 3, settings: settings))
    #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
    #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP")
    let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0 }, as: UTF8.self)
    #expect(text.contains("ANIM"))
    #expect(text.components(separatedBy: "ANMF").count - 1 == 3)
    let again = try WebPAnimation.encode(frames, on: try FrameCanvas(columns: 12, rows: 3, settings: settings))
    #expect(again == bytes)
  }

  @Test("a theme by name, a VHS JSON theme over the default, and values out of range are refused with the setting")
  func settingsFromTapes() {
    var settings = ImageSettings()
    #expect(settings.apply("Theme", "Dracula") == nil && settings.theme.background == PixelColor(hex: "#282a36"))
    #expect(settings.apply("Theme", ##"{ "background": "#000001", "purple": "#123456" }"##) == nil)
    #expect(settings.theme.background == PixelColor(hex: "#000001"))
    #expect(settings.theme.ansi[5] == PixelColor(hex: "#123456"))
    #expect(settings.theme.foreground == TerminalTheme.vhs.foreground)
    #expect(settings.apply("Theme", "Some Theme VHS Knows") == nil && settings.unknownTheme == "Some Theme VHS Knows")
    #expect(settings.apply("FontSize", "2") == "FontSize expects 4 to 200 pixels")
    #expect(settings.apply("Framerate", "500") == "Framerate expects 1 to 100")
    #expect(settings.apply("LoopOffset", "20%") == nil && settings.loopOffsetIsPercent && settings.loopOffset == 20)
  }
}
