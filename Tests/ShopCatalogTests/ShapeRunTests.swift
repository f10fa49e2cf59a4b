import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

@Suite("A run of shapes packed at import reads back as it was written")
struct ShapeRunTests {
  private func decoded(_ data: Data) -> ShapeRun? { data.withUnsafeBytes { ShapeRun($0) } }

  @Test("the documented layout, byte for byte: format, count, the first of consecutive ids, sides, titles")
  func layout() {
    var run = ShapeRun()
    run.append(id: 5, width: 10, height: 20, title: TitleMetrics(width: 7, look: 1))
    run.append(id: 6, width: 30, height: 40, title: TitleMetrics(width: 8, look: 2))
    let expected: [UInt8] =
      [2, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0] + [10, 0, 30, 0] + [20, 0, 40, 0] + [7, 0, 8, 0]
      + [1, 0, 0, 0, 2, 0, 0, 0]
    #expect([UInt8](run.encoded) == expected)
  }

  @Test("random runs (whole and fractional sides, consecutive and scattered ids) round trip; a byte short is none")
  func roundTrip() throws {
    var random = SeededGenerator(seed: 33)
    for _ in 0..<300 {
      var run = ShapeRun()
      let fractional = Bool.random(using: &random)
      let scattered = Bool.random(using: &random)
      var id = Int64.random(in: 1...1_000_000, using: &random)
      for _ in 0..<Int.random(in: 0...200, using: &random) {
        let side = {
          fractional
            ? Double.random(in: 0.5...200_000, using: &random) : Double(Int.random(in: 1...65_535, using: &random))
        }
        run.append(
          id: id, width: side(), height: side(),
          title: TitleMetrics(
            width: .random(in: 0...800, using: &random), look: .random(in: 0...UInt32.max, using: &random)))
        id += scattered ? Int64.random(in: 2...50, using: &random) : 1
      }
      let data = run.encoded
      #expect(decoded(data) == run)
      if !data.isEmpty { #expect(decoded(data.dropLast()) == nil) }
    }
  }
}
