import Pictures
import ShopCatalog
import WaterfallKit

/// How the viewer is set up: everything the command line decides.
public struct ViewerOptions: Sendable {
  /// Label each box with its cell object's ID and reuse count.
  public var showReuse = false
  public var glyphs = Glyphs.unicode
  public var colorEnabled = true
  /// Shown in the header.
  public var catalogueName = "Shop catalogue"
  /// `nil`: as many columns of at least ``minimumColumnWidth`` as fit.
  public var fixedColumns: Int?
  public var minimumColumnWidth = 20
  public var maximumColumns = 12
  public var metrics = BoxMetrics()
  /// Milliseconds without another pull before the pull counts as let go.
  public var pullReleaseMilliseconds = 400
  /// The order items are shown in (`--sort`).
  public var sort = ItemOrder.dataset
  /// Only items matching this are shown (`--filter`).
  public var filter: String?
  /// Group the items into sections by this field (`--group-by`); the toggle key uses it, or the shop.
  public var groupBy: ItemField?
  /// The fields the facet panel (`F`) counts (`--facets`).
  public var facets: [ItemField] = [.shop]
  /// How pictures are drawn in the boxes; `nil` (`--no-images`): shaded placeholders only.
  public var pictures: PictureStyle?
  /// Open the reuse inspector from the start (`--inspector`).
  public var inspector = false
  /// A projector's layout (`--presenter`): the inspector at half the screen.
  public var presenter = false
  /// The originals' queries to run beside ours from the start (`--compare`), opening the inspector; `nil`: none.
  public var comparedQueries: [ReuseComparison.Query]?
  /// Clicks and the wheel count (`--no-mouse` turns them off): without mouse reporting a terminal sends none, and
  /// scripts, tapes and replays are held to the same.
  public var mouseEnabled = true
  /// Keys the user bound to actions (a config file's `[keys]`): they come before the key map's own, in the
  /// waterfall (not in panels or prompts).
  public var customKeys: [Key: Action] = [:] {
    didSet { keyHints = KeyHints(customKeys: customKeys) }
  }
  /// The keys the status bar and the too-small screen name: they depend on the bindings alone, so they are worked
  /// out when those are set, not on every frame.
  private(set) var keyHints = KeyHints(customKeys: [:])
  /// A refresh's first page is every item loaded so far with the new ones at the front (an HTTP feed): it
  /// replaces the items keeping the user's place, instead of starting over at the top with one page.
  public var refreshKeepsItems = false
  /// A refresh keeps the user's place as a new query does (the focused item stays focused and on screen, loaded
  /// through to when beyond the first page): a source whose new items `r` reads in (PostgreSQL).
  public var refreshKeepsPlace = false
  /// `--pick`: the viewer is a chooser (Tab and Space mark, Enter picks, Esc and q pick nothing); `nil`: a viewer.
  public var picking: Picking?
  /// `G` measures the whole result to reach its real end, and a far jump (a match, `:N`, the kept place) to reach
  /// its rank; off, `G` goes to the end of the items loaded and asks for the next page and a jump loads page by
  /// page (what they do on a source that cannot measure, without saying so).
  public var measuresToEnd = true
  /// Items each stretch of `G`'s measuring reads (a step of its progress; small in tests).
  public var measureStretchRows = 65_536
  /// Lets `!` crash the app on purpose, so tests can check that a crash restores the terminal.
  public var crashKeyEnabled = false

  public init() {}
}

/// How `--pick` chooses.
public struct Picking: Hashable, Sendable {
  /// At most this many marks (`--multi N`); `nil`: any number.
  public var limit: Int?

  public init(limit: Int? = nil) { self.limit = limit }
}
