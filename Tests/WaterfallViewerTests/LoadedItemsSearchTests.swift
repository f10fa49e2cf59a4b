import TestSupport
import Testing

@testable import WaterfallViewer

/// `:N` in a measured result looks its item up among the loaded ranks only; it must find what a look at every
/// rank, placeholders included, finds.
@Suite("Finding an element among loaded items")
struct LoadedItemsSearchTests {
  @Test("firstIndex(of:) agrees with a scan of every rank, runs and pages beyond, present or not")
  func agreesWithEveryRank() {
    var generator = SeededGenerator(seed: 29)
    for _ in 0..<200 {
      let length = Int.random(in: 0...60, using: &generator)
      var items = LoadedItems(placeholder: -1)
      items.append(
        contentsOf: (0..<Int.random(in: 0...10, using: &generator)).map { _ in Int.random(in: 0...20, using: &generator)
        })
      items.extend(to: length)
      for _ in 0..<Int.random(in: 0...5, using: &generator) where items.count > 0 {
        let start = Int.random(in: 0..<items.count, using: &generator)
        let page = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Int.random(in: -1...20, using: &generator)
        }
        items.put(Array(page.prefix(items.count - start)), from: start)
      }
      let everyRank = (0..<items.count).map { items[$0] }
      for wanted in -1...21 {
        #expect(items.firstIndex(of: wanted) == everyRank.firstIndex(of: wanted), "\(everyRank) \(wanted)")
      }
    }
  }
}
