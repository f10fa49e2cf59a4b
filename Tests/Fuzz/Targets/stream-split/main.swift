import FuzzSupport
import ShopCatalog

/// A dataset from a pipe, cut anywhere: read in pieces chosen from the input (where a chunk of a pipe or a file
/// may end: inside an escape, a doubled quote, a CRLF, a UTF-8 sequence), it gives what the same bytes give in one
/// piece: the same items, problems and skipped records, or the same error.
///
/// A stream's format is told from what has come when it can be (the first items of a slow pipe do not wait), so
/// what tells it is not cut: a text that does not open with `[` or `{` (CSV, a plist) keeps its first line in the
/// first piece, and input with a NUL in its first 8 KiB (binary data, told from what has come) is the other targets'.
runFuzzer { data, size in
  let bytes = fuzzBytes(data, size)
  guard !bytes.prefix(8192).contains(0) else { return 0 }
  var choices = FuzzChoices(seed: bytes.prefix(8))
  let blanks: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF]
  let opensWithBracket = bytes.first { !blanks.contains($0) }.map { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }
  let firstLineEnd = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
  var pieces: [ArraySlice<UInt8>] = opensWithBracket == true ? [] : [bytes[..<firstLineEnd]]
  var start = pieces.first?.count ?? 0
  while start < bytes.count {
    let end = min(bytes.count, start + 1 + choices.next(below: 64))
    pieces.append(bytes[start..<end])
    start = end
  }
  if pieces.isEmpty { pieces = [bytes[...]] }
  let whole = Result { () throws(DatasetError) in try DatasetLoader.read(pieces: [bytes[...]], file: "stdin") }
  let split = Result { () throws(DatasetError) in try DatasetLoader.read(pieces: pieces, file: "stdin") }
  switch (whole, split) {
  case (.success(let one), .success(let cut)):
    fuzzCheck(cut.items == one.items, "\(bytes.count) bytes in \(pieces.count) pieces: other items")
    fuzzCheck(cut.problems == one.problems, "\(bytes.count) bytes in \(pieces.count) pieces: other problems")
    fuzzCheck(cut.skippedItems == one.skippedItems, "other skipped counts")
  case (.failure(let one), .failure(let cut)):
    fuzzCheck(cut == one, "\(one) whole, \(cut) in pieces")
  case (.success, .failure(let cut)):
    fuzzCheck(false, "read whole, but in \(pieces.count) pieces: \(cut)")
  case (.failure(let one), .success):
    fuzzCheck(false, "\(one) whole, but read in \(pieces.count) pieces")
  }
  return 0
}
