import TestSupport
import Testing
import WaterfallKit

@Suite("Sections, against brute force")
struct SectionPropertyTests {
  static let cases = (1...250).map { SectionedLayoutCase(seed: UInt64($0) &* 104_729) }

  @Test(
    "frames and headers follow the rules: shortest column within each section, leftmost on ties, sections stacked level",
    arguments: cases)
  func framesFollowTheRules(_ input: SectionedLayoutCase) {
    let layout = input.layout()
    let oracle = SectionedOracle(input, columnX: layout.columnX, columnWidth: layout.columnWidth)
    #expect(layout.count == oracle.frames.count, "\(input)")
    #expect(Oracle.frames(layout) == oracle.frames, "\(input)")
    #expect(layout.sectionCount == input.sections.count, "\(input)")
    #expect((0..<layout.sectionCount).map(layout.sectionHeaderFrame) == oracle.headerFrames, "\(input)")
    #expect(layout.sectionItemCounts == input.sections.map(\.heights.count), "\(input)")
    for index in 0..<layout.count {
      #expect(layout.section(ofItem: index) == oracle.sectionOfItem[index], "\(input) item \(index)")
    }
    for section in 0..<layout.sectionCount {
      #expect(layout.itemRange(inSection: section).allSatisfy { oracle.sectionOfItem[$0] == section })
    }
  }

  @Test("no two frames or headers share a cell; each section lies below the one before", arguments: cases)
  func noOverlapsAndStacked(_ input: SectionedLayoutCase) {
    let layout = input.layout()
    let frames = Oracle.frames(layout)
    let headers = (0..<layout.sectionCount).map(layout.sectionHeaderFrame)
    let all = frames + headers
    for first in all.indices {
      for second in all.indices where second > first {
        #expect(!all[first].intersects(all[second]), "\(input): \(all[first]) and \(all[second])")
      }
    }
    for section in 0..<layout.sectionCount {
      let rows = layout.sectionFrame(section)
      #expect(rows.y == headers[section].y && rows.maxY >= headers[section].maxY, "\(input) section \(section)")
      for index in layout.itemRange(inSection: section) {
        #expect(frames[index].y >= headers[section].maxY && frames[index].maxY <= rows.maxY, "\(input)")
      }
      if section > 0 {
        #expect(rows.y >= layout.sectionFrame(section - 1).maxY, "\(input) section \(section)")
      }
      #expect(rows.maxY <= layout.itemsBottom || layout.count == 0 || rows.isEmpty, "\(input)")
    }
    #expect(frames.allSatisfy { $0.maxY <= layout.itemsBottom }, "\(input)")
  }

  @Test("appending in random chunks, section by section, equals the full layout", arguments: cases)
  func incrementalAppendEqualsFullLayout(_ input: SectionedLayoutCase) {
    let full = input.layout()
    var random = SeededGenerator(seed: input.seed ^ 0xA99E)
    var incremental = WaterfallLayout(input.configuration, sectionHeaderHeight: input.sections[0].headerHeight)
    for (index, section) in input.sections.enumerated() {
      if index > 0 { incremental.appendSection(headerHeight: section.headerHeight) }
      var start = 0
      while start < section.heights.count {
        let end = min(section.heights.count, start + Int.random(in: 1...25, using: &random))
        let before = Oracle.frames(incremental)
        if Bool.random(using: &random) {
          incremental.append(heights: section.heights[start..<end])
        } else {
          for height in section.heights[start..<end] { incremental.append(height: height) }
        }
        #expect(Array(Oracle.frames(incremental).prefix(before.count)) == before, "\(input): old frames moved")
        start = end
      }
    }
    #expect(Oracle.frames(incremental) == Oracle.frames(full), "\(input)")
    #expect(incremental.contentHeight == full.contentHeight, "\(input)")
    #expect(incremental.sectionItemCounts == full.sectionItemCounts, "\(input)")
  }

  @Test("visibility of items and of section headers, and hit testing, equal a scan", arguments: cases)
  func queriesMatchScan(_ input: SectionedLayoutCase) {
    let layout = input.layout()
    var random = SeededGenerator(seed: input.seed ^ 0x7E57)
    let width = input.configuration.width
    let height = layout.contentHeight
    var buffer = [-1, -2, -3]
    for _ in 0..<40 {
      let rect = GridRect(
        x: Int.random(in: -5...width, using: &random), y: Int.random(in: -5...height + 5, using: &random),
        width: Int.random(in: 0...width + 10, using: &random), height: Int.random(in: 0...60, using: &random))
      let expected = Oracle.items(layout, intersecting: rect)
      #expect(layout.items(intersecting: rect) == expected, "\(input) rect \(rect)")
      layout.items(intersecting: rect, into: &buffer)
      #expect(buffer == expected, "\(input) rect \(rect)")
      let headers = (0..<layout.sectionCount).filter { layout.sectionHeaderFrame($0).intersects(rect) }
      #expect(layout.sectionHeaders(intersecting: rect) == headers, "\(input) rect \(rect)")
    }
    for _ in 0..<150 {
      let point = GridPoint(
        x: Int.random(in: -2...width + 2, using: &random), y: Int.random(in: -2...height + 2, using: &random))
      #expect(layout.hitTest(point) == Oracle.hitTest(layout, point), "\(input) point \(point)")
    }
  }

  @Test(
    "the pinned header is the header of the section under the viewport top, never over the next header",
    arguments: cases)
  func pinnedHeaderMatchesScan(_ input: SectionedLayoutCase) {
    let layout = input.layout()
    for offset in -1...layout.contentHeight + 1 {
      // The section whose rows the offset falls in: the last one starting at or above it.
      let section = (0..<layout.sectionCount).last { layout.sectionFrame($0).y <= offset }
      let pinned = layout.pinnedSectionHeader(atOffset: offset)
      guard let section, offset > layout.sectionFrame(section).y, layout.sectionHeaderFrame(section).height > 0
      else {
        #expect(pinned == nil, "\(input) offset \(offset)")
        continue
      }
      let natural = layout.sectionHeaderFrame(section)
      let rows = layout.sectionFrame(section)
      #expect(pinned?.section == section, "\(input) offset \(offset)")
      guard let frame = pinned?.frame else { continue }
      #expect(frame.height == natural.height && frame.width == natural.width, "\(input) offset \(offset)")
      #expect(frame.y <= offset && frame.y >= natural.y && frame.maxY <= rows.maxY, "\(input) offset \(offset)")
      if offset + natural.height <= rows.maxY { #expect(frame.y == offset, "\(input) offset \(offset)") }
    }
  }

  @Test("a flat layout is one section with no header, as before")
  func flatLayoutIsOneSection() {
    let layout = WaterfallLayout(.init(width: 40, columnCount: 3), heights: [3, 5, 2, 7])
    #expect(layout.sectionCount == 1)
    #expect(layout.itemRange(inSection: 0) == 0..<4)
    #expect(layout.sectionHeaderFrame(0).height == 0)
    #expect(layout.pinnedSectionHeader(atOffset: 5) == nil)
    #expect(layout.sectionHeaders(intersecting: GridRect(x: 0, y: 0, width: 40, height: 100)).isEmpty)
  }
}

@Suite("Sections in the view")
struct SectionViewTests {
  static let seeds: [UInt64] = Array(1...60)

  static func sectionedSource(_ random: inout SeededGenerator) -> RecordingSource {
    let counts = (0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 0...60, using: &random) }
    let source = RecordingSource(
      heights: (0..<counts.reduce(0, +)).map { _ in Int.random(in: 1...15, using: &random) })
    source.sectionCounts = counts
    source.headerHeights = counts.map { _ in Int.random(in: 0...3, using: &random) }
    return source
  }

  @Test("the view lays out the data source's sections and keeps cells for exactly the buffered items", arguments: seeds)
  func viewFollowsSections(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let source = Self.sectionedSource(&random)
    let view = source.makeView(width: Int.random(in: 30...150, using: &random), height: 20)
    #expect(view.layout.sectionItemCounts == source.sectionCounts)
    #expect(view.layout.sectionCount == source.headerHeights.count)
    for section in 0..<view.layout.sectionCount {
      #expect(view.layout.sectionHeaderFrame(section).height == source.headerHeights[section])
    }
    for _ in 0..<30 {
      view.userScroll(byRows: Int.random(in: -30...40, using: &random))
      #expect(view.visibleCells.keys.sorted() == Oracle.items(view.layout, intersecting: view.bufferedRect))
    }
  }

  @Test("appending into the last section and adding sections equals a reload", arguments: seeds)
  func appendIntoLastSectionEqualsReload(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let source = Self.sectionedSource(&random)
    let view = source.makeView(width: 100, height: 20)
    let added = Int.random(in: 0...30, using: &random)
    source.heights += (0..<added).map { _ in Int.random(in: 1...15, using: &random) }
    source.sectionCounts![source.sectionCounts!.count - 1] += added
    if Bool.random(using: &random) {
      let more = Int.random(in: 0...20, using: &random)
      source.heights += (0..<more).map { _ in Int.random(in: 1...15, using: &random) }
      source.sectionCounts!.append(more)
      source.headerHeights.append(Int.random(in: 0...2, using: &random))
    }
    let before = Oracle.frames(view.layout)
    source.cellRequests.removeAll()
    view.appendItems()
    #expect(Array(Oracle.frames(view.layout).prefix(before.count)) == before)
    let appended = Oracle.frames(view.layout)
    view.reloadData()
    #expect(appended == Oracle.frames(view.layout), "seed \(seed)")
    #expect(view.layout.sectionItemCounts == source.sectionCounts)
  }

  @Test("scrolling to a section puts its header at the top, and the view pins the header under it", arguments: seeds)
  func scrollToSectionAndPin(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let source = Self.sectionedSource(&random)
    let view = source.makeView(width: 80, height: 15)
    let section = Int.random(in: 0..<view.layout.sectionCount, using: &random)
    view.scrollToSection(section)
    let header = view.layout.sectionHeaderFrame(section)
    #expect(view.contentOffset == min(header.y, view.maximumOffset), "seed \(seed)")
    if header.height > 0, view.contentOffset == header.y {
      #expect(view.sectionHeadersInViewport.first == section, "seed \(seed)")
    }
    view.scroll(toOffset: view.contentOffset + 1)
    #expect(view.pinnedSectionHeader == view.layout.pinnedSectionHeader(atOffset: view.contentOffset))
  }
}
