import Foundation

// `waterfall-bench [--quick] [--waterfall PATH] [--only engine|frontend|load|catalogue|jumps|sqlite|postgres|
// pictures|picture-peers|picture-profile|network|terminal|slow-link|tape|start]`:
// runs the comparisons,
// prints a table, writes JSON to $BENCH_OUT (default .build/bench.json). `--probe KIND ARG` is the child side of
// the fresh-process probes.
let arguments = Array(CommandLine.arguments.dropFirst())
if let probe = arguments.firstIndex(of: "--probe") {
  Probe.main(Array(arguments[(probe + 1)...]))
  exit(0)
}
let suites = [
  "engine", "frontend", "load", "catalogue", "jumps", "sqlite", "postgres", "pictures", "picture-peers",
  "picture-profile",
  "network", "terminal", "slow-link", "tape", "start",
]
let usage =
  "usage: waterfall-bench [--quick] [--waterfall PATH] [--only \(suites.joined(separator: "|"))]\n"
  + "Runs the benchmarks side by side with their peers; a table, and JSON in $BENCH_OUT (.build/bench.json)."

/// A word it does not know is refused: it would otherwise start every benchmark, which takes many minutes.
func refuse(_ what: String) -> Never {
  FileHandle.standardError.write(Data("waterfall-bench: \(what)\n\(usage)\n".utf8))
  exit(64)
}

/// The command line's choices; a word it does not know is refused (see ``refuse(_:)``).
func parse(_ arguments: [String]) -> (quick: Bool, waterfall: String?, only: String?) {
  var (quick, waterfall, only): (Bool, String?, String?) = (false, nil, nil)
  var words = arguments[...]
  while let word = words.popFirst() {
    switch word {
    case "--quick": quick = true
    case "--waterfall":
      guard let path = words.popFirst() else { refuse("--waterfall wants the binary's path") }
      waterfall = path
    case "--only":
      guard let suite = words.popFirst(), suites.contains(suite) else { refuse("--only wants one of the suites") }
      only = suite
    case "--help", "-h":
      print(usage)
      exit(0)
    default: refuse("\(word) is not an option here")
    }
  }
  return (quick, waterfall, only)
}

let (quick, waterfall, only) = parse(arguments)
let sink = Sink()

func wanted(_ suite: String) -> Bool { only == nil || only == suite }

var figures: [Figure] = []
print(quick ? "waterfall-bench (quick: smaller sizes)" : "waterfall-bench")
if wanted("engine") { figures += EngineBenchmarks(quick: quick, sink: sink).run() }
if wanted("frontend") {
  figures += FrontEndBenchmarks(quick: quick, sink: sink).run()
  figures += StreamingPicturesBenchmark(quick: quick).run()
}
if wanted("load") { figures += LoadBenchmarks(quick: quick).run() }
if wanted("catalogue") { figures += CatalogueBenchmarks(quick: quick).run() }
if wanted("jumps") { figures += JumpBenchmarks(quick: quick, waterfall: waterfall).run() }
if wanted("sqlite") { figures += SQLiteBenchmarks(quick: quick).run() }
if wanted("postgres") { figures += PostgresBenchmarks(quick: quick).run() }
if wanted("pictures") { figures += PictureBenchmarks(quick: quick).run() }
// Part of the pictures suite; `--only picture-peers` runs it alone.
if wanted("pictures") || only == "picture-peers" { figures += PicturePeerBenchmarks(quick: quick).run() }
// Not part of any suite: our side of the peers' comparison alone, for callgrind.
if only == "picture-profile" { figures += PictureProfile(quick: quick).run() }
if wanted("network") { figures += NetworkPictureBenchmarks(quick: quick).run() }
if wanted("terminal"), let waterfall {
  figures += TerminalBytesBenchmark(waterfall: waterfall, quick: quick).run()
}
if wanted("slow-link"), let waterfall {
  figures += SlowLinkBenchmark(waterfall: waterfall, quick: quick).run()
}
if wanted("tape"), let waterfall {
  figures += TapeBenchmark(waterfall: waterfall, quick: quick).run()
}
if wanted("tape") { figures += TapePicturesBenchmark(quick: quick).run() }
if wanted("start"), let waterfall { figures += StartupBenchmark(waterfall: waterfall, quick: quick).run() }
Report.print(figures)
let output = ProcessInfo.processInfo.environment["BENCH_OUT"].flatMap { $0.isEmpty ? nil : $0 } ?? ".build/bench.json"
Report.writeJSON(figures, to: output)
print("JSON written to \(output) (checksum \(sink.value & 0xFFFF))")
