/// Reads CSV (RFC 4180: commas, double-quoted fields with "" for a quote, LF or CRLF line ends) a row at a time from
/// bytes that may still be growing (a file or a pipe as it arrives; a row cut off is continued, not read again), remembering the line each row
/// starts on so that messages can name it. What RFC 4180 calls malformed is read as Python's `csv` module reads it:
/// text after a closing quote joins the field (`"ab"cd` is `abcd`), and a quote inside an unquoted field is kept.
/// Bytes, not Characters: a quote followed by a combining mark is still a quote, and every byte that matters here
/// is ASCII, which UTF-8 never uses inside a longer sequence.
struct CSVReader {
  struct Row: Equatable {
    var line: Int
    var fields: [String]
  }

  struct SyntaxError: Error, Equatable {
    var line: Int
    var message: String
  }

  /// Where the next row starts, and on which line.
  private(set) var position = 0
  private var line = 1

  /// The next row that is whole in `bytes`. Nil at the end, or (while `isComplete` is false) when the rest of the
  /// row has not arrived yet: call again with the same bytes and more after them. Lines with nothing on them are
  /// not rows.
  mutating func next(_ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) throws(SyntaxError) -> Row? {
    while position < bytes.count {
      guard let (row, end, endLine) = try readRow(bytes, isComplete: isComplete) else { return nil }
      (position, line) = (end, endLine)
      if !(row.fields.count == 1 && row.fields[0].isEmpty) { return row }
    }
    return nil
  }

  /// A row not whole yet in the bytes so far: what is read of it, so more bytes continue it, not read it again
  /// (a long quoted field over many chunks of a pipe is read once).
  private struct RowScan {
    var fields: [String] = []
    var field: [UInt8] = []
    var currentLine: Int
    var inQuotes = false
    var quoteLine: Int
    var index: Int

    mutating func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
  }

  private var partialRow: RowScan?
  /// Bytes the row scans have passed over, in all: about the input's length however it was cut (the tests'
  /// measure that reading stays linear).
  private(set) var scannedBytes = 0

  /// The row starting at ``position``, with where the next one starts and its line; nil when it is not whole yet.
  private mutating func readRow(
    _ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool
  ) throws(SyntaxError) -> (Row, end: Int, line: Int)? {
    let (quote, comma, carriageReturn, lineFeed): (UInt8, UInt8, UInt8, UInt8) = (0x22, 0x2C, 0x0D, 0x0A)
    var scan = partialRow ?? RowScan(currentLine: line, quoteLine: line, index: position)
    partialRow = nil
    let scanStart = scan.index
    defer { scannedBytes += scan.index - scanStart }
    while scan.index < bytes.count {
      let byte = bytes[scan.index]
      scan.index += 1
      if scan.inQuotes {
        if byte == quote {
          // A quote that may be the first of a doubled pair needs the next byte to tell.
          guard scan.index < bytes.count || isComplete else {
            scan.index -= 1
            partialRow = scan
            return nil
          }
          if scan.index < bytes.count, bytes[scan.index] == quote {
            scan.field.append(quote)
            scan.index += 1
          } else {
            scan.inQuotes = false
          }
        } else {
          if byte == lineFeed { scan.currentLine += 1 }
          scan.field.append(byte)
        }
        continue
      }
      switch byte {
      case comma:
        scan.endField()
      case quote where scan.field.isEmpty:
        scan.inQuotes = true
        scan.quoteLine = scan.currentLine
      case carriageReturn where scan.index < bytes.count && bytes[scan.index] == lineFeed:
        continue
      case carriageReturn where scan.index == bytes.count && !isComplete:
        scan.index -= 1
        partialRow = scan
        return nil
      case lineFeed:
        scan.endField()
        return (Row(line: line, fields: scan.fields), scan.index, scan.currentLine + 1)
      default:
        scan.field.append(byte)
      }
    }
    guard isComplete else {
      partialRow = scan
      return nil
    }
    if scan.inQuotes { throw SyntaxError(line: scan.quoteLine, message: "a quoted field is never closed") }
    scan.endField()
    return (Row(line: line, fields: scan.fields), scan.index, scan.currentLine)
  }
}
