import Foundation
import Pictures
import WaterfallTerminal

/// A picture per box against the tools made for one part of the job, on the same JPEG files and box sizes:
/// - the decode against libjpeg-turbo's own scaled decode, `djpeg -scale 1/N` with N the largest of 8, 4, 2, 1
///   whose output still covers the box: the floor any decoder of the whole file stands on;
/// - the picture in real pixels against `chafa -f sixels`, `chafa -f kitty` and timg's kitty output: time and
///   bytes written.
/// Boxes are 24×12 and 48×24 cells, drawn in symbols (the mosaic asks for 8×16 px a cell, chafa's own cell) and in
/// pixels at 10×20 px a cell. The files are square, so every tool fills the same box exactly (none crops, stretches
/// or letterboxes). The peers are commands, timed in CPU: less the same command on an 8×8 JPEG (its process start),
/// and chafa and timg are given the file `repeats` times in one run (timg's start alone costs about 0.25 s of CPU,
/// which would drown one picture), with one thread each (`--threads 1`) as each of our workers has.
struct PicturePeerBenchmarks {
  let quick: Bool

  static let cell = CellPixelSize(width: 10, height: 20)
  static let boxes = [BoxSize(columns: 24, rows: 12), BoxSize(columns: 48, rows: 24)]
  /// How many times chafa and timg get the file in one run.
  static let repeats = 8

  struct Input {
    let label: String
    let path: String
    let size: Int
  }

  func run() -> [Figure] { withScratchFolder("peers", run(in:)) }

  private func run(in folder: String) -> [Figure] {
    let tiny = (folder as NSString).appendingPathComponent("tiny.jpg")
    guard NoisePicture.write(to: tiny, width: 8, height: 8) else { return [] }
    let inputs = [
      ("12 MP detailed JPEG", "detailed.jpg", 3464, 0.0), ("12 MP photo-like JPEG", "photo.jpg", 3464, 2.0),
      ("2 MP photo-like JPEG", "small.jpg", 1448, 2.0),
    ].compactMap { label, name, size, blur -> Input? in
      let path = (folder as NSString).appendingPathComponent(name)
      guard NoisePicture.write(to: path, width: size, height: size, blur: blur) else { return nil }
      return Input(label: label, path: path, size: size)
    }
    var figures: [Figure] = []
    if Shell.run("command -v djpeg >/dev/null") == 0 {
      figures += againstDjpeg(inputs, tiny: tiny)
    } else {
      print("(pictures: djpeg is not installed (libjpeg-turbo-progs); no decode floor)")
    }
    if Shell.run("command -v chafa >/dev/null") == 0 {
      figures += againstPeer(inputs, tiny: tiny, peer: .chafaSixel)
      figures += againstPeer(inputs, tiny: tiny, peer: .chafaKitty)
    }
    if Shell.run("command -v timg >/dev/null && command -v python3 >/dev/null") == 0 {
      figures += againstPeer(inputs, tiny: tiny, peer: .timgKitty(ptyRunner(in: folder)))
    } else {
      print("(pictures: timg or python3 is not installed; no timg side-by-side)")
    }
    return figures
  }

  // MARK: The decode floor

  /// What a box asks the decoder for, as the loader asks it.
  static func covering(_ box: BoxSize, pixels: Bool) -> (width: Int, height: Int) {
    PictureRenderKey(source: .file(""), size: box, style: PictureStyle(cellPixels: pixels ? cell : nil))
      .pixelSizeToCover(cellAspect: 0.5)
  }

  /// libjpeg's largest scale whose output covers `covering` (its 1/N size rounds up).
  static func floorShrink(side: Int, covering: (width: Int, height: Int)) -> Int {
    [8, 4, 2, 1].first { (side + $0 - 1) / $0 >= max(covering.width, covering.height) } ?? 1
  }

  private func againstDjpeg(_ inputs: [Input], tiny: String) -> [Figure] {
    var figures: [Figure] = []
    var worst = 0.0
    for input in inputs {
      for box in Self.boxes {
        for pixels in [false, true] {
          let covering = Self.covering(box, pixels: pixels)
          let shrink = Self.floorShrink(side: input.size, covering: covering)
          let djpeg = { (path: String) in "djpeg -scale 1/\(shrink) -outfile /dev/null '\(path)' 2>/dev/null" }
          let times = compareCommand(
            ours: {
              precondition((try? PictureDecoder.decode(path: input.path, covering: covering).get()) != nil)
            }, command: djpeg(input.path), start: djpeg(tiny))
          let mode = pixels ? "pixels 10×20" : "symbols"
          figures.append(
            .comparison(
              name: "decode \(input.label) for \(box) cells, \(mode) (vs djpeg -scale 1/\(shrink))",
              oursNanoseconds: times.ours, baselineNanoseconds: times.baseline))
          worst = max(worst, times.ours / max(1, times.baseline))
        }
      }
    }
    figures.append(.scaling(name: "decode ÷ djpeg's scaled decode, the worst of those boxes", value: worst, unit: "×"))
    return figures
  }

  // MARK: Real pixels against chafa and timg

  enum Peer {
    case chafaSixel
    case chafaKitty
    /// timg reads the cell size from its terminal: it runs in a pseudo-terminal of 10×20 px cells (the script).
    case timgKitty(String)

    var label: String {
      switch self {
      case .chafaSixel: "chafa -f sixels"
      case .chafaKitty: "chafa -f kitty"
      case .timgKitty: "timg -pk"
      }
    }

    var isSixel: Bool { if case .chafaSixel = self { true } else { false } }

    /// The peer drawing `paths` one after the other. Without a terminal chafa assumes 8×8 px cells: asking for
    /// the box's pixels in those gives the same picture.
    func command(_ paths: [String], box: BoxSize) -> String {
      let (width, height) = PicturePeerBenchmarks.cell.pixels(of: box)
      let files = paths.map { "'\($0)'" }.joined(separator: " ")
      switch self {
      case .chafaSixel, .chafaKitty:
        let format = isSixel ? "sixels" : "kitty"
        return "chafa -f \(format) --size \(width / 8)x\(height / 8) --stretch --threads 1 --animate off \(files)"
      case .timgKitty(let runner):
        return "python3 '\(runner)' 200 60 2000 1200 timg --threads=1 -g\(box.columns)x\(box.rows) -pk \(files)"
      }
    }
  }

  private func againstPeer(_ inputs: [Input], tiny: String, peer: Peer) -> [Figure] {
    var figures: [Figure] = []
    for input in inputs {
      for box in Self.boxes {
        let covering = Self.covering(box, pixels: true)
        var ourBytes = 0
        let times = compareCommand(
          ours: { ourBytes = Self.drawPicture(input.path, box: box, covering: covering, sixel: peer.isSixel) },
          command: peer.command(Array(repeating: input.path, count: Self.repeats), box: box) + " >/dev/null 2>&1",
          start: peer.command([tiny], box: box) + " >/dev/null 2>&1", repeats: Self.repeats)
        let theirBytes =
          Double(
            Shell.output(of: peer.command([input.path], box: box) + " 2>/dev/null | wc -c").trimmingCharacters(
              in: .whitespacesAndNewlines)) ?? 0
        let what = "\(input.label) in \(box) cells of 10×20 px"
        figures.append(
          .comparison(
            name: "picture \(peer.isSixel ? "in sixel" : "for kitty"), \(what) (vs \(peer.label))",
            oursNanoseconds: times.ours, baselineNanoseconds: times.baseline))
        figures.append(
          .scaling(
            name: "bytes \(peer.isSixel ? "in sixel" : "for kitty"), \(what): \(peer.label) ÷ ours",
            value: theirBytes / Double(max(1, ourBytes)), unit: "×"))
      }
    }
    return figures
  }

  /// Our whole way from the file to the bytes a terminal gets, as the viewer goes it: decode, draw (the real
  /// pixels, the price row's mosaic and the other cells' colours), encode; the bytes written.
  static func drawPicture(_ path: String, box: BoxSize, covering: (width: Int, height: Int), sixel: Bool) -> Int {
    let thumbnail = try! PictureDecoder.decode(path: path, covering: covering).get()
    let grid = try! PictureRenderer.render(
      thumbnail, size: box, symbols: .half, colours: .direct, cellPixels: cell, deflatingPixels: !sixel
    ).get()
    let picture = grid.pixels!
    return sixel
      ? SixelEncoder.encode(picture, rows: 0..<box.rows, cellPixels: cell).count
      : KittyTransmission.commands(for: picture, id: 1).reduce(0) { $0 + $1.count }
  }

  // MARK: Timing

  /// CPU time of ours in process against `command`'s (its children's user and system time), less `start`'s (the
  /// same command on a tiny file: the shell, the process start, the loading of libraries), divided by the
  /// `repeats` pictures the command drew; alternating rounds, medians. CPU time, not wall time: the machine is
  /// shared, and a busy neighbour would stretch either side.
  private func compareCommand(
    ours: () -> Void, command: String, start: String, repeats: Int = 1
  ) -> (ours: Double, baseline: Double) {
    // Samples of ours, the command and its start, in that order.
    var samples: [[Double]] = [[], [], []]
    for round in 0..<(quick ? 3 : 9) {
      for which in round.isMultiple(of: 2) ? [0, 1, 2] : [2, 1, 0] {
        let begun = which == 0 ? Self.processCPUTime() : Self.childrenCPUTime()
        switch which {
        case 0: ours()
        case 1: Shell.run(command)
        default: Shell.run(start)
        }
        let ended = which == 0 ? Self.processCPUTime() : Self.childrenCPUTime()
        samples[which].append(Double(ended - begun))
      }
    }
    let net = (Harness.median(samples[1]) - Harness.median(samples[2])) / Double(repeats)
    return (Harness.median(samples[0]), max(1, net))
  }

  /// This process's CPU time, every thread (libvips evaluates on a worker thread of its own).
  static func processCPUTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// The CPU time of the finished children so far, user and system.
  static func childrenCPUTime() -> UInt64 {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let microseconds =
      (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
    return UInt64(microseconds) * 1000
  }

  /// A script that runs a command in a pseudo-terminal of the given size in cells and pixels and copies its output.
  private func ptyRunner(in folder: String) -> String {
    let path = (folder as NSString).appendingPathComponent("pty-run.py")
    let script = """
      import fcntl, os, pty, struct, sys, termios
      columns, rows, width, height = map(int, sys.argv[1:5])
      pid, fd = pty.fork()
      if pid == 0:
          os.execvp(sys.argv[5], sys.argv[5:])
      fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, width, height))
      while True:
          try:
              data = os.read(fd, 65536)
          except OSError:
              break
          if not data:
              break
          sys.stdout.buffer.write(data)
      os.waitpid(pid, 0)

      """
    try? script.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}
