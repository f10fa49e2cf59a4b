import Foundation

/// psql on the benchmark's server: the peer that runs the catalogue's own statements, with nothing of ours between.
struct Psql {
  let program: String
  let url: String

  private func command(_ statements: [String], output: String = "/dev/null") -> String {
    ([program, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-o", output] + statements.flatMap { ["-c", $0] })
      .map(Self.quoted).joined(separator: " ")
  }

  static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// The server's time for the statements, as psql's `\timing` reports it (sent, answered, every row received).
  func milliseconds(_ statements: [String]) -> Double {
    let printed = Shell.output(of: command(["\\timing on"] + statements) + " 2>/dev/null")
    return printed.split(separator: "\n").compactMap { line -> Double? in
      guard line.hasPrefix("Time: ") else { return nil }
      return Double(line.dropFirst(6).prefix { $0 != " " })
    }.reduce(0, +)
  }

  /// The whole psql run: starting, connecting, the statement, its rows, leaving.
  func wallMilliseconds(_ statement: String) -> Double {
    let start = Harness.now()
    Shell.run(command([statement]) + " >/dev/null 2>&1")
    return Double(Harness.now() - start) / 1e6
  }

  /// Seconds for psql to do the import's server side: the imported rows, as COPY text, copied into a table like
  /// the catalogue's, the same indexes made after them, analysed, in one transaction (rolled back).
  func sameImport(folder: String) -> Double {
    let rows = folder + "/items.tsv"
    Shell.run(command(["\\copy items TO '\(rows)'"]) + " >/dev/null 2>&1")
    let statements = [
      "BEGIN", "CREATE TABLE peer (LIKE items)", "\\copy peer FROM '\(rows)'", "ALTER TABLE peer ADD PRIMARY KEY (id)",
      "CREATE INDEX ON peer(price_up, id)", "CREATE INDEX ON peer(price_down, id)",
      "CREATE INDEX ON peer(title_key, id)", "CREATE INDEX ON peer(shop_group, id)",
      "CREATE INDEX ON peer USING gin (search gin_trgm_ops)", "ANALYZE peer", "ROLLBACK",
    ]
    let start = Harness.now()
    Shell.run(command(statements) + " >/dev/null 2>&1")
    let seconds = Double(Harness.now() - start) / 1e9
    try? FileManager.default.removeItem(atPath: rows)
    return seconds
  }
}
