import Foundation
import Pictures
import WaterfallViewer

// Every line the program prints, on either stream, goes through here: messages quote file names, field values and
// field names from untrusted datasets, and none of their control characters may reach the terminal.

/// Prints `waterfall: message` on standard error, its control characters shown escaped and the secrets of any
/// address in it hidden (``RedactedURL``): error lines end up in bug reports.
func printError(_ message: String) {
  FileHandle.standardError.write(Data(errorLine(message).utf8))
}

/// `message` as ``printError`` writes it: named, escaped, one line.
func errorLine(_ message: String) -> String {
  "waterfall: \(TextSanitizer.escapeVisibly(RedactedURL.text(message)))\n"
}

/// Prints `line` on standard output, its control characters shown escaped.
func printLine(_ line: String) {
  print(TextSanitizer.escapeVisibly(line))
}
