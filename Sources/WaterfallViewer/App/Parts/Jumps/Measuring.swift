import ShopCatalog
import WaterfallKit

/// A result being measured: the stretches so far.
public struct Measuring: Sendable {
  /// Where the view goes once every item is laid out.
  public enum Destination: Sendable {
    /// `G`: the end of the result.
    case end
    /// A rank beyond the loaded items: the ``RankLoader``'s goal.
    case jump
  }

  public var number: Int
  public var query: CatalogueQuery
  public var destination = Destination.end
  public var displayItems: [DisplayItem] = []
  public var pageStarts: [PageCursor?] = []
  /// Where each page starts, when pages vary in size (a directory's files).
  public var pageStartRanks: [Int]?
  public var pageSize = 1
  /// Items in the whole result, once the first stretch said.
  public var total: Int?

  /// "measuring 131072/1000000": for the status bar.
  var progressText: String {
    let what = destination == .end ? "measuring to the end" : "measuring"
    return "\(what) \(displayItems.count)/\(total.map(String.init) ?? "?")"
  }
}

/// A whole result, measured.
struct MeasuredResult {
  var shapes: [DisplayItem]
  var pageSize: Int
  var starts: [PageCursor?]
  var startRanks: [Int]?
}
