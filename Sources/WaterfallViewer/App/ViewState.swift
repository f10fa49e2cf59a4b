import ShopCatalog
import WaterfallKit

/// The viewer's own state, as a value: everything but the engine (``Viewer/waterfall``) and the items
/// (``ItemStore``). Renderers and tests read it.
public struct ViewState: Hashable, Sendable {
  public var screenSize: GridSize
  /// The app's clock in milliseconds, from the last tick: drives the spinner and the pull release.
  public var now = 0
  /// The box the arrows walk from; drawn heavy.
  public var focusedIndex: Int?
  public var overlay: Overlay? {
    didSet { if overlay != oldValue { overlayScroll = 0 } }
  }
  /// The first body line the open overlay shows; each overlay opens at its top.
  public var overlayScroll = 0
  public var prompt: Prompt?
  /// The text last submitted in each kind of prompt: Up in a prompt brings it back (as in less).
  public var promptHistory: [Prompt.Purpose: String] = [:]
  /// The search whose matches are highlighted and walked with n / N.
  public var search: SearchState?
  /// The item a new query's answer is being loaded through to, keeping the user's place.
  public var loadingToPlace: PlaceTarget?
  /// A short note for the status bar (a failed refresh, say), until the next key.
  public var notice: String?
  /// Label each box with its cell object's ID and reuse count.
  public var showReuse: Bool
  /// The column count chosen with `+` / `-` (or `--columns`); `nil`: as many as fit.
  public var columnOverride: Int?
  /// When the last pull past the top happened; the pull lets go after a rest.
  public var lastPullTime: Int?
  public var isQuitting = false
  /// `--pick`: the marked items by identity (their place in the catalogue, so a sort or a filter keeps them).
  public var marks: [ItemID: ShopItem] = [:]
  /// `--pick`: what Enter picked, in dataset order; `nil` until then (and when the pick was cancelled).
  public var picked: [ShopItem]?

  public init(screenSize: GridSize, showReuse: Bool, columnOverride: Int?) {
    self.screenSize = screenSize
    self.showReuse = showReuse
    self.columnOverride = columnOverride
  }

  public var inputMode: InputMode {
    if prompt != nil { return .prompt }
    return overlay == nil ? .normal : .overlay
  }

  public var isTooSmall: Bool {
    screenSize.width < MinimumSize.width || screenSize.height < MinimumSize.height
  }
}
