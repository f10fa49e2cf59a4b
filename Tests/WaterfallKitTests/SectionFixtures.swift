import TestSupport
import WaterfallKit

/// A random sectioned layout input: a configuration and sections of raw heights, including empty sections,
/// zero-height headers and the degenerate heights of ``LayoutCase``.
struct SectionedLayoutCase: CustomStringConvertible {
  var seed: UInt64
  var configuration: WaterfallLayout.Configuration
  var sections: [(headerHeight: Int, heights: [Int])]

  init(seed: UInt64) {
    self.seed = seed
    let flat = LayoutCase(seed: seed, maximumItems: 160)
    configuration = flat.configuration
    var random = SeededGenerator(seed: seed ^ 0x5EC7)
    var remaining = flat.heights[...]
    sections = []
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      let take = Bool.random(using: &random) ? 0 : Int.random(in: 0...max(0, remaining.count), using: &random)
      let header = [0, 0, 1, 2, 3, -1].randomElement(using: &random)!
      sections.append((header, Array(remaining.prefix(take))))
      remaining = remaining.dropFirst(take)
    }
    sections[sections.count - 1].heights += remaining
  }

  var allHeights: [Int] { sections.flatMap(\.heights) }

  /// The layout built section by section, as the view builds it.
  func layout() -> WaterfallLayout {
    var layout = WaterfallLayout(configuration, sectionHeaderHeight: sections[0].headerHeight)
    for (index, section) in sections.enumerated() {
      if index > 0 { layout.appendSection(headerHeight: section.headerHeight) }
      layout.append(heights: section.heights)
    }
    return layout
  }

  var description: String { "seed \(seed)" }
}

/// The sectioned layout rules written out plainly: what every frame and header should be.
struct SectionedOracle {
  var frames: [GridRect] = []
  var headerFrames: [GridRect] = []
  var sectionOfItem: [Int] = []

  init(_ input: SectionedLayoutCase, columnX: (Int) -> Int, columnWidth: Int) {
    let configuration = input.configuration
    let rowGap = configuration.margins.rowGap
    var top = configuration.headerHeight + configuration.margins.top
    var previous: (top: Int, bottom: Int)?
    for (section, (rawHeader, heights)) in input.sections.enumerated() {
      if let previous { top = previous.bottom > previous.top ? previous.bottom + rowGap : previous.top }
      let header = max(0, rawHeader)
      headerFrames.append(GridRect(x: 0, y: top, width: configuration.width, height: header))
      var nextFree = Array(repeating: top + header, count: configuration.columnCount)
      var bottom = top + header
      for height in heights {
        let column = nextFree.firstIndex(of: nextFree.min()!)!
        let frame = GridRect(x: columnX(column), y: nextFree[column], width: columnWidth, height: max(1, height))
        frames.append(frame)
        sectionOfItem.append(section)
        nextFree[column] = frame.maxY + rowGap
        bottom = max(bottom, frame.maxY)
      }
      previous = (top, bottom)
    }
  }
}
