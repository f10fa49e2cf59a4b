/// Reads CSV (RFC 4180: commas, double-quoted fields with "" for a quote, LF or CRLF line ends) a row at a time from
/// bytes that may still be growing (a file mapped whole, or a pipe as it arrives), remembering the line each row
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

  /// The row starting at ``position``, with where the next one starts and its line; nil when it is not whole yet.
  private func readRow(
    _ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool
  ) throws(SyntaxError) -> (Row, end: Int, line: Int)? {
    let (quote, comma, carriageReturn, lineFeed): (UInt8, UInt8, UInt8, UInt8) = (0x22, 0x2C, 0x0D, 0x0A)
    var fields: [String] = []
    var field: [UInt8] = []
    var currentLine = line
    var inQuotes = false
    var quoteLine = line
    var index = position
    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inQuotes {
        if byte == quote {
          // A quote that may be the first of a doubled pair needs the next byte to tell.
          guard index < bytes.count || isComplete else { return nil }
          if index < bytes.count, bytes[index] == quote {
            field.append(quote)
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          if byte == lineFeed { currentLine += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case comma:
        endField()
      case quote where field.isEmpty:
        inQuotes = true
        quoteLine = currentLine
      case carriageReturn where index < bytes.count && bytes[index] == lineFeed:
        continue
      case carriageReturn where index == bytes.count && !isComplete:
        return nil
      case lineFeed:
        endField()
        return (Row(line: line, fields: fields), index, currentLine + 1)
      default:
        field.append(byte)
      }
    }
    guard isComplete else { return nil }
    if inQuotes { throw SyntaxError(line: quoteLine, message: "a quoted field is never closed") }
    endField()
    return (Row(line: line, fields: fields), index, currentLine)
  }
}
