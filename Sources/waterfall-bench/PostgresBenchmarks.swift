import Foundation
import PostgresCatalog
import ShopCatalog

/// A PostgreSQL catalogue of 2×10^5 rows (`--quick`) or 10^7 (the full run; `WATERFALL_BENCH_POSTGRES_ROWS`
/// sets another size), against a server the benchmark starts on loopback with `Tests/with-postgres.sh` (the tests'
/// private cluster: fsync off, removed at the end). The rows are written as JSON Lines (the SQLite benchmark's
/// generator), imported with `waterfall import`'s code, then opened in fresh processes of this binary the way the
/// viewer opens them; psql runs the same statements beside each figure, the floor a client can reach.
struct PostgresBenchmarks {
  let quick: Bool

  static let script = "Tests/with-postgres.sh"

  func run() -> [Figure] {
    let environment = ProcessInfo.processInfo.environment
    let count = environment["WATERFALL_BENCH_POSTGRES_ROWS"].flatMap(Int.init) ?? (quick ? 200_000 : 10_000_000)
    guard FileManager.default.isExecutableFile(atPath: Self.script) else {
      print("(postgres: no \(Self.script) here, run from the repository; skipped)")
      return []
    }
    let servers = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    guard servers.contains(where: { FileManager.default.fileExists(atPath: "/usr/lib/postgresql/\($0)/bin/initdb") })
    else {
      print("(postgres: PostgreSQL is not installed, `make test-deps` installs it; skipped)")
      return []
    }
    // Under /tmp: the cluster's owner (postgres, when we are root) need not read it, but psql's \copy does.
    let folder = "/tmp/waterfall-bench-postgres-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = folder + "/items.jsonl"
    SQLiteBenchmarks.writeDataset(count: count, to: dataset)
    let command = ([Self.script, CommandLine.arguments[0], "--probe", "postgres-suite", dataset, folder])
      .map { "'\($0)'" }.joined(separator: " ")
    let values = Shell.output(of: command).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard values.count == PostgresSuite.Measure.allCases.count else {
      print("(postgres: the run beside the server failed; skipped)")
      return []
    }
    return PostgresSuite.figures(values, count: count)
  }
}
