import FuzzSupport
import WaterfallViewer

/// The asciicast reader (v1, v2 and v3: `--replay`, any file a bug report carries) and the screens `waterfall render`
/// draws from it through the terminal emulator: any text gives a recording whose size is in range and whose events
/// keep their order in time, or one error on a line of the text whose message holds no control character; a
/// recording's screens stay in range, in time order, and hold no control character whatever escape sequences its
/// output events carry.
runFuzzer { data, size in
  let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
  let cast: Asciicast
  do throws(AsciicastError) {
    cast = try AsciicastReader.parse(text)
  } catch {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    fuzzCheck(
      (1...max(1, lines)).contains(error.line),
      "\(text.debugDescription): the error is on line \(error.line), outside the text's \(lines) lines")
    fuzzCheck(
      !error.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "a control character in the message \(error.message.debugDescription)")
    return 0
  }
  fuzzCheck(
    (1...KeyScript.maximumSize.width).contains(cast.width) && (1...KeyScript.maximumSize.height).contains(cast.height),
    "\(text.debugDescription): a recording of \(cast.width)x\(cast.height)")
  let times = cast.events.map(\.time)
  fuzzCheck(
    zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
      && times.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= AsciicastReader.maximumSeconds },
    "\(text.debugDescription): event times out of order or range: \(times)")
  let drawn = CastScreens.screens(cast)
  let milliseconds = drawn.screens.map(\.milliseconds)
  fuzzCheck(
    zip(milliseconds, milliseconds.dropFirst()).allSatisfy { $0 < $1 } && milliseconds.allSatisfy { $0 <= drawn.end },
    "\(text.debugDescription): screens out of time order or past the end \(drawn.end): \(milliseconds)")
  for (_, screen) in drawn.screens {
    fuzzCheck(
      (1...KeyScript.maximumSize.width).contains(screen.width)
        && (1...KeyScript.maximumSize.height).contains(screen.height),
      "\(text.debugDescription): a screen of \(screen.width)x\(screen.height)")
    fuzzCheck(
      !screen.text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" },
      "\(text.debugDescription): a control character on a drawn screen")
  }
  return 0
}
