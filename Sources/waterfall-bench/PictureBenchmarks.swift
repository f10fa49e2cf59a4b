import Foundation
import Locking
import Pictures

/// Pictures: decode + thumbnail + draw per box for the four formats (p50, p95), side by side with the chafa
/// command drawing the same file at the same size, the render cache, a screen of 20 boxes cold and cached, and
/// the peak memory of one decode. Inputs are noisy pictures written with libvips into a temporary folder.
struct PictureBenchmarks {
  let quick: Bool

  static let box = BoxSize(columns: 24, rows: 12)

  struct Input {
    let label: String
    let path: String
  }

  func run() -> [Figure] {
    let folder = NSTemporaryDirectory() + "waterfall-bench-pictures-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let inputs = [
      ("12 MP JPEG", "photo.jpg", 4000, 3000, false), ("1200×1800 PNG with alpha", "alpha.png", 1200, 1800, true),
      ("1600×1200 WebP", "picture.webp", 1600, 1200, false), ("800×600 GIF", "picture.gif", 800, 600, false),
    ].compactMap { label, name, width, height, alpha -> Input? in
      let path = (folder as NSString).appendingPathComponent(name)
      guard NoisePicture.write(to: path, width: width, height: height, alpha: alpha) else {
        print("(pictures: could not write \(name); skipped)")
        return nil
      }
      return Input(label: label, path: path)
    }
    var figures: [Figure] = []
    let hasChafa = Shell.run("command -v chafa >/dev/null") == 0
    if !hasChafa { print("(pictures: the chafa command is not installed; no side-by-side)") }
    for input in inputs {
      figures += perBox(input)
      if hasChafa { figures.append(againstChafa(input)) }
    }
    if let photo = inputs.first {
      figures += renderCache(photo)
      figures += screenOfBoxes(photo: photo.path, folder: folder)
      if let peak = Probe.run(["picture-memory", photo.path]).first {
        figures.append(.scaling(name: "peak memory above baseline, decoding a 12 MP JPEG", value: peak, unit: "bytes"))
      }
    }
    return figures
  }

  /// Decode, thumbnail and draw one picture for a 24×12 box, as the loader does, without caches.
  static func decodeAndDraw(_ path: String) -> PictureGrid? {
    let thumbnail = try? PictureDecoder.decode(path: path, covering: box.pixelSize()).get()
    return thumbnail.flatMap { try? PictureRenderer.render($0, size: box, symbols: .half, colours: .palette256).get() }
  }

  private func perBox(_ input: Input) -> [Figure] {
    var samples: [Double] = []
    for _ in 0..<(quick ? 7 : 21) {
      let start = Harness.now()
      precondition(Self.decodeAndDraw(input.path) != nil, "\(input.path) did not decode")
      samples.append(Double(Harness.now() - start))
    }
    samples.sort()
    let p95 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.95).rounded(.up)) - 1)]
    return [
      .scaling(
        name: "picture decode+thumbnail+draw 24×12, \(input.label), p50", value: Harness.median(samples), unit: "ns"),
      .scaling(name: "picture decode+thumbnail+draw 24×12, \(input.label), p95", value: p95, unit: "ns"),
    ]
  }

  /// The chafa command line draws the same file into the same 24×12 cells (its time includes starting a process).
  private func againstChafa(_ input: Input) -> Figure {
    let command = "chafa --size 24x12 --format symbols --symbols vhalf --colors 256 '\(input.path)' >/dev/null 2>&1"
    let times = Harness.compare(
      rounds: quick ? 5 : 15, operations: 1, ours: { _ = Self.decodeAndDraw(input.path) },
      baseline: { Shell.run(command) })
    return .comparison(
      name: "picture to 24×12 cells, \(input.label) (vs chafa command)", oursNanoseconds: times.ours,
      baselineNanoseconds: times.baseline)
  }

  private func renderCache(_ input: Input) -> [Figure] {
    let loader = PictureLoader { _ in }
    let key = PictureRenderKey(source: .file(input.path), size: Self.box)
    loader.request(PictureRequest(item: 0, key: key))
    loader.waitUntilIdle()
    let lookups = 10_000
    let time = Harness.time(rounds: quick ? 3 : 7, operations: lookups) {
      for _ in 0..<lookups { precondition(loader.cachedGrid(for: key) != nil) }
    }
    return [.scaling(name: "picture from the render cache, 24×12", value: time, unit: "ns")]
  }

  /// 20 boxes of 12 MP photos through the pool (two workers): time to the first picture and to all, cold (fresh
  /// loader, files in the page cache) and cached.
  private func screenOfBoxes(photo: String, folder: String) -> [Figure] {
    let paths = (0..<20).map { index -> String in
      let link = (folder as NSString).appendingPathComponent("photo-\(index).jpg")
      try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: photo)
      return link
    }
    var first: [Double] = []
    var all: [Double] = []
    var cached: [Double] = []
    for _ in 0..<(quick ? 2 : 5) {
      let arrivals = Locked<[UInt64]>([])
      let loader = PictureLoader { _ in arrivals.withLock { $0.append(Harness.now()) } }
      let requests = paths.enumerated().map { index, path in
        PictureRequest(item: PictureSlot(index), key: PictureRenderKey(source: .file(path), size: Self.box))
      }
      let start = Harness.now()
      for request in requests { loader.request(request) }
      loader.waitUntilIdle()
      let times = arrivals.withLock { $0 }
      precondition(times.count == 20, "every box delivered")
      first.append(Double(times.min()! - start))
      all.append(Double(times.max()! - start))
      let cachedStart = Harness.now()
      for request in requests { loader.request(request) }
      loader.waitUntilIdle()
      cached.append(Double(Harness.now() - cachedStart))
    }
    return [
      .scaling(name: "screen of 20 boxes (12 MP JPEGs), cold: first picture", value: Harness.median(first), unit: "ns"),
      .scaling(name: "screen of 20 boxes (12 MP JPEGs), cold: all", value: Harness.median(all), unit: "ns"),
      .scaling(name: "screen of 20 boxes, cached: all", value: Harness.median(cached), unit: "ns"),
    ]
  }

  /// The probe side: peak RSS growth of one decode, above a process that has started libvips and drawn a tiny picture.
  static func memoryProbe(path: String) {
    let folder = NSTemporaryDirectory() + "waterfall-bench-probe-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tiny = (folder as NSString).appendingPathComponent("tiny.jpg")
    NoisePicture.write(to: tiny, width: 16, height: 16)
    _ = decodeAndDraw(tiny)
    let baseline = Probe.peakResidentBytes()
    precondition(decodeAndDraw(path) != nil)
    print(Probe.peakResidentBytes() - baseline)
  }
}
