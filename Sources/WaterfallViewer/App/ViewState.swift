import ShopCatalog
import WaterfallKit

/// The viewer's own state, as a value: everything but the engine (``Viewer/waterfall``) and the items
/// (``ItemStore``). Renderers and tests read it.
public struct ViewState: Hashable, Sendable {
  public var screenSize: GridSize
  /// The app's clock in milliseconds, from the last tick: drives the spinner and the pull release.
  public var now = 0
  /// The box the keyboard is on (``Focus/keyboard``): the arrows walk from it; drawn heavy.
  public var keyboardFocus: Int?
  /// The facet panel's counts, for the result they were asked of (`F`).
  var facets: FacetPanel?
  /// The panel over the waterfall and its scroll.
  public var panel = PanelState()
  /// The prompt being typed in the status bar, and each kind's last text.
  public var promptLine = PromptLine()
  /// `&` being typed: its text's matches, once counted.
  var filterPreview: FilterPreview?
  /// The matches of the text typed into `&`, once the source has counted them (what the prompt shows).
  public var filterCount: Int? { filterPreview?.count }
  /// `G` on a feed: the view follows the end as pages come, until a key, a click or a failed page
  /// (``EndFollowing``).
  var endFollowing: EndFollowing?
  /// The places jumped from (Ctrl-O, Ctrl-I) and marked (`m`, `'`).
  var jumpList = JumpList()
  /// Where the view was when the open prompt opened: its Enter is a jump from there.
  var promptJumpOrigin: JumpList.Place?
  /// The filter's text when `&` opened: Esc asks for it again.
  var filterOrigin = ""
  /// A place to put the view back at once the query asked for is shown (Esc in `&`).
  var placeAfterQuery: JumpList.Place?
  /// A short note for the status bar (a failed refresh, say), until the next key.
  public var notice: String?
  /// Label each box with its cell object's ID and reuse count.
  public var showReuse: Bool
  /// The columns chosen and the pull past the top (``Scrolling``).
  var scrolling: Scrolling
  public var isQuitting = false
  /// `--pick`: the marks, and what Enter picked.
  public var picker: Picker

  public init(screenSize: GridSize, showReuse: Bool, columnOverride: Int?, picking: Picking? = nil) {
    self.screenSize = screenSize
    self.showReuse = showReuse
    scrolling = Scrolling(columnOverride: columnOverride)
    picker = Picker(limit: picking?.limit, isChoosing: picking != nil)
  }

  /// `--pick`: what Enter picked, in dataset order; nil until then (and when the pick was cancelled).
  public var picked: [ShopItem]? { picker.picked }

  public var inputMode: InputMode {
    if promptLine.prompt != nil { return .prompt }
    return panel.overlay == nil ? .normal : .overlay
  }

  public var isTooSmall: Bool {
    screenSize.width < MinimumSize.width || screenSize.height < MinimumSize.height
  }
}
