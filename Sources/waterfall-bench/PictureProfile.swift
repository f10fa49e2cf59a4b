import Foundation
import Pictures
import WaterfallTerminal

/// `waterfall-bench --only picture-profile`: our side of the peers' comparison alone (no peers, no decode floor),
/// the 2 MP photo-like JPEG drawn for kitty and in sixel into a 48×24 box of 10×20 px cells, a few times. For
/// `valgrind --tool=callgrind`, whose instruction counts do not depend on how busy the machine is.
struct PictureProfile {
  let quick: Bool

  func run() -> [Figure] { withScratchFolder("profile", run(in:)) }

  private func run(in folder: String) -> [Figure] {
    let path = (folder as NSString).appendingPathComponent("small.jpg")
    guard NoisePicture.write(to: path, width: 1448, height: 1448, blur: 2) else { return [] }
    let box = BoxSize(columns: 48, rows: 24)
    let covering = PicturePeerBenchmarks.covering(box, pixels: true)
    var figures: [Figure] = []
    for sixel in [false, true] {
      var samples: [Double] = []
      var bytes = 0
      for _ in 0..<(quick ? 3 : 9) {
        let begun = PicturePeerBenchmarks.processCPUTime()
        bytes = PicturePeerBenchmarks.drawPicture(path, box: box, covering: covering, sixel: sixel)
        samples.append(Double(PicturePeerBenchmarks.processCPUTime() - begun))
      }
      let what = "\(sixel ? "in sixel" : "for kitty"), 2 MP photo-like JPEG in 48×24 cells of 10×20 px"
      figures.append(.scaling(name: "picture \(what)", value: Harness.median(samples), unit: "ns"))
      figures.append(.scaling(name: "bytes \(what)", value: Double(bytes), unit: "B"))
    }
    return figures
  }
}
