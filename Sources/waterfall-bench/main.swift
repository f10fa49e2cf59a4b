import Foundation

// `waterfall-bench [--quick] [--waterfall PATH] [--only engine|frontend|load|catalogue|jumps|sqlite|pictures|
// picture-peers|picture-profile|network|terminal|slow-link|tape]`:
// runs the comparisons,
// prints a table, writes JSON to $BENCH_OUT (default .build/bench.json). `--probe KIND ARG` is the child side of
// the fresh-process probes.
let arguments = Array(CommandLine.arguments.dropFirst())
if let probe = arguments.firstIndex(of: "--probe") {
  Probe.main(Array(arguments[(probe + 1)...]))
  exit(0)
}
let quick = arguments.contains("--quick")
let waterfall = arguments.firstIndex(of: "--waterfall").flatMap {
  arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
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
if wanted("tape") { figures += TapePicturesBenchmark(quick: quick, waterfall: waterfall).run() }
Report.print(figures)
let output = ProcessInfo.processInfo.environment["BENCH_OUT"].flatMap { $0.isEmpty ? nil : $0 } ?? ".build/bench.json"
Report.writeJSON(figures, to: output)
print("JSON written to \(output) (checksum \(sink.value & 0xFFFF))")
