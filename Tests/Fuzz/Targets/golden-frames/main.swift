import FuzzSupport
import WaterfallViewer

/// A tape's golden file (VHS's `.txt` layout): any text splits into frames without a crash, and frames written
/// with ``GoldenFrames/text(_:)`` read back as the same frames, whatever their lines hold (the input split into
/// frames at each NUL), as long as no line is the separator itself and every newline stands alone as a Character
/// (a combining mark right after one would join it, and the file could not be split there by any reader).
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  let text = String(decoding: bytes, as: UTF8.self)
  _ = GoldenFrames.frames(text)
  let frames = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
  let written = GoldenFrames.text(frames)
  let newlineCharacters = written.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
  let newlineScalars = written.unicodeScalars.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
  let holdsSeparator = frames.contains { $0.split(separator: "\n").contains { $0 == GoldenFrames.separator } }
  guard newlineCharacters == newlineScalars, !holdsSeparator else { return 0 }
  let reread = GoldenFrames.frames(written)
  fuzzCheck(reread == frames, "\(frames.debugDescription) → \(written.debugDescription) → \(reread.debugDescription)")
  fuzzCheck(
    GoldenFrames.mismatch(expected: frames, actual: reread, labels: [], expectedName: "golden") == nil,
    "the same frames compare as different")
  return 0
}
