import Foundation
import PostgresCatalog

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

  /// `count` psql runs started together, each as ``wallMilliseconds(_:)`` times one: a team's first pages at once.
  func wallMillisecondsTogether(_ statement: String, count: Int) -> [Double] {
    // bash's own clock (no process started to read it), each copy's start and end on a line once it has ended.
    let copy = "s=$EPOCHREALTIME; \(command([statement])) >/dev/null 2>&1; echo \"$s $EPOCHREALTIME\""
    let together = "for copy in $(seq \(count)); do (\(copy)) & done; wait"
    return Shell.output(of: "bash -c " + Self.quoted(together)).split(separator: "\n").compactMap { line in
      let times = line.split(separator: " ").compactMap { Double($0) }
      return times.count == 2 ? (times[1] - times[0]) * 1000 : nil
    }
  }

  /// Seconds for psql to do the import's server side: the imported rows, as COPY text, copied into a table like
  /// the catalogue's, the same indexes made after them, analysed, in one transaction (rolled back).
  func sameImport(folder: String) -> Double {
    let rows = folder + "/items.tsv"
    // The catalogue's schema first: its tables, and pg_trgm's operator class where the import made it.
    let schema = "SET search_path = \(PostgresSchema.defaultSchema), public"
    Shell.run(command([schema, "\\copy items TO '\(rows)'"]) + " >/dev/null 2>&1")
    let statements = [
      schema, "BEGIN", "CREATE TABLE peer (LIKE items)", "\\copy peer FROM '\(rows)'",
      "ALTER TABLE peer ADD PRIMARY KEY (id)",
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
