/// The originals' visible-cell queries run beside ours on the same layout and the same visible rect, pass by
/// pass, each with a reuse pool of its own: what each examines, the cells it asks for, creates and reuses, and
/// the items in view it misses. A model only: what the view shows is always ours.
public struct ReuseComparison: Sendable {
  /// The four ways, named by what they do.
  public enum Query: Int, CaseIterable, Sendable {
    /// PSCollectionView: ±8×columns around the visible indices, a full scan when none is visible.
    case indexWindow
    /// The iCocos view and the layout article: every frame.
    case fullScan
    /// A layout's union rects of 20-item chunks.
    case chunks
    /// A binary search per column, then the run in view.
    case ours

    /// The originals, in the panel's order.
    public static let originals: [Query] = [.indexWindow, .fullScan, .chunks]

    /// As `--compare` takes it.
    public var optionName: String {
      switch self {
      case .indexWindow: "index-window"
      case .fullScan: "full-scan"
      case .chunks: "chunks"
      case .ours: "ours"
      }
    }

    /// In the inspector's table.
    public var shortName: String {
      switch self {
      case .indexWindow: "window"
      case .fullScan: "scan"
      case .chunks: "chunks"
      case .ours: "ours"
      }
    }
  }

  /// What one query did: in a pass, or summed.
  public struct Counts: Hashable, Sendable {
    public var examined = 0
    /// Cells asked for: the items it found that it had not found the pass before.
    public var asked = 0
    public var created = 0
    public var reused = 0
    /// Items in view it did not find.
    public var missed = 0

    public init() {}

    static func + (left: Counts, right: Counts) -> Counts {
      var sum = left
      sum.examined += right.examined
      sum.asked += right.asked
      sum.created += right.created
      sum.reused += right.reused
      sum.missed += right.missed
      return sum
    }
  }

  /// One query's state between passes.
  public struct Track: Sendable {
    public let query: Query
    public internal(set) var lastPass = Counts()
    public internal(set) var total = Counts()
    /// The items in view it missed on the last pass.
    public internal(set) var missedItems: [Int] = []
    var found: Set<Int> = []
    var pooled = 0
  }

  public private(set) var tracks: [Track]
  public private(set) var passes = 0
  private var window: VisibleCellQueries.IndexWindow?
  /// The chunks' unions, made again when the layout changes.
  private var chunks: (key: LayoutKey, index: VisibleCellQueries.Chunks)?

  private struct LayoutKey: Equatable {
    var count: Int
    var columns: Int
    var width: Int
    var contentHeight: Int
  }

  /// `queries` beside ours (ours last, once).
  public init(_ queries: [Query] = Query.originals) {
    var chosen: [Query] = []
    for query in queries where query != .ours && !chosen.contains(query) { chosen.append(query) }
    tracks = (chosen + [.ours]).map { Track(query: $0) }
  }

  /// One pass: each query finds the items meeting `rect` in `layout`; the truth is what ours finds.
  public mutating func pass(_ layout: WaterfallLayout, visibleRect rect: GridRect) {
    passes += 1
    let truth = layout.items(intersecting: rect)
    let truthSet = Set(truth)
    let frame = { (index: Int) in layout.frame(of: index) }
    for slot in tracks.indices {
      let (found, examined): (Set<Int>, Int)
      switch tracks[slot].query {
      case .ours:
        (found, examined) = (truthSet, layout.framesExamined(intersecting: rect))
      case .fullScan:
        (found, examined) = (truthSet, layout.count)
      case .chunks:
        let key = LayoutKey(
          count: layout.count, columns: layout.columnCount, width: layout.configuration.width,
          contentHeight: layout.contentHeight)
        if chunks?.key != key { chunks = (key, VisibleCellQueries.Chunks(count: layout.count, frame: frame)) }
        let result = chunks!.index.items(intersecting: rect, frame: frame)
        (found, examined) = (Set(result.items), result.examined)
      case .indexWindow:
        if window?.columns != layout.columnCount {
          window = VisibleCellQueries.IndexWindow(columns: layout.columnCount)
        }
        let read = window!.update(rect, count: layout.count, frame: frame)
        (found, examined) = (window!.visible, read)
      }
      tracks[slot].record(found: found, examined: examined, truth: truth)
    }
  }
}

extension ReuseComparison.Track {
  init(query: ReuseComparison.Query) { self.query = query }

  /// Cells of items no longer found go to the pool; items newly found take one from it, else a new one.
  mutating func record(found: Set<Int>, examined: Int, truth: [Int]) {
    var counts = ReuseComparison.Counts()
    counts.examined = examined
    let leaving = self.found.subtracting(found).count
    let entering = found.subtracting(self.found).count
    pooled += leaving
    counts.asked = entering
    counts.reused = min(entering, pooled)
    counts.created = entering - counts.reused
    pooled -= counts.reused
    missedItems = truth.filter { !found.contains($0) }
    counts.missed = missedItems.count
    self.found = found
    lastPass = counts
    total = total + counts
  }
}
