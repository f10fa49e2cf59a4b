/// Reads CSV (RFC 4180: commas, double-quoted fields with "" for a quote, LF or CRLF line ends) into rows,
/// remembering the line each row starts on so that messages can name it. What RFC 4180 calls malformed is read as
/// Python's `csv` module reads it: text after a closing quote joins the field (`"ab"cd` is `abcd`), and a quote
/// inside an unquoted field is kept. Scalars, not Characters: a quote followed by a combining mark is still a quote.
enum CSVReader {
  struct Row: Equatable {
    var line: Int
    var fields: [String]
  }

  struct SyntaxError: Error, Equatable {
    var line: Int
    var message: String
  }

  static func parse(_ text: String) throws(SyntaxError) -> [Row] {
    var rows: [Row] = []
    var fields: [String] = []
    var field = ""
    var line = 1
    var rowLine = 1
    var inQuotes = false
    var quoteLine = 1
    var iterator = text.unicodeScalars.makeIterator()
    var pending = iterator.next()

    func endRow() {
      fields.append(field)
      field = ""
      // A line with nothing on it is not a row.
      if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
      fields = []
    }

    while let scalar = pending {
      pending = iterator.next()
      if inQuotes {
        if scalar == "\"" {
          if pending == "\"" {
            field.unicodeScalars.append("\"")
            pending = iterator.next()
          } else {
            inQuotes = false
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case ",":
        fields.append(field)
        field = ""
      case "\"" where field.isEmpty:
        inQuotes = true
        quoteLine = line
      case "\r" where pending == "\n":
        continue
      case "\n":
        endRow()
        line += 1
        rowLine = line
      default:
        field.unicodeScalars.append(scalar)
      }
    }
    if inQuotes { throw SyntaxError(line: quoteLine, message: "a quoted field is never closed") }
    if !field.isEmpty || !fields.isEmpty { endRow() }
    return rows
  }
}
