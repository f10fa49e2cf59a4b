import FuzzSupport
import WaterfallViewer

/// The tape parser (`snapshot --tape`): any text gives commands, or one error at a place inside the text whose
/// message holds no control character; the commands' sources, written back one a line, read as the same commands.
runFuzzer { data, size in
  let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
  let commands: [TapeCommand]
  do throws(TapeError) {
    commands = try TapeParser.parse(text)
  } catch {
    let lines = text.reduce(1) { $0 + ($1.isNewline ? 1 : 0) }
    fuzzCheck(
      (1...lines).contains(error.location.line) && error.location.column >= 1,
      "\(text.debugDescription): the error is placed at \(error.location), outside the text's \(lines) lines")
    fuzzCheck(
      !error.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "a control character in the message \(error.message.debugDescription)")
    return 0
  }
  let written = commands.map(\.source).joined(separator: "\n")
  do {
    let reread = try TapeParser.parse(written)
    fuzzCheck(
      reread.map(\.action) == commands.map(\.action),
      "\(text.debugDescription) → \(written.debugDescription) → other commands")
  } catch {
    fuzzCheck(false, "\(text.debugDescription) → \(written.debugDescription) does not read: \(error)")
  }
  return 0
}
