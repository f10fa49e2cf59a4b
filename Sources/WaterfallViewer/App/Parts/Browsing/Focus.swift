import WaterfallKit

/// The roles a box can have, by layout index, in one place. The keyboard's box is the viewer's own
/// (``ViewState/keyboardFocus``); the selection is the engine's, which keeps it through reloads and resizes as the
/// place to hold on to. Read fresh from both (``Viewer/focus``), never stored.
public struct Focus {
  /// The box the keyboard is on: the arrows and `n` walk from it; drawn heavy. It may be scrolled away.
  public let keyboard: Int?
  /// The box chosen with Enter or a click (its detail opened): drawn double; the engine's anchor.
  public let selected: Int?
  private let waterfall: WaterfallView
  private let store: ItemStore

  init(keyboard: Int?, waterfall: WaterfallView, store: ItemStore) {
    (self.keyboard, self.waterfall, self.store) = (keyboard, waterfall, store)
    selected = waterfall.selectedIndex
  }

  /// The keyboard's box when any row of it is on screen: only then do the arrows walk from it.
  public var keyboardOnScreen: Int? {
    guard let keyboard, keyboard < waterfall.itemCount,
      waterfall.layout.frame(of: keyboard).intersects(waterfall.viewportRect)
    else { return nil }
    return keyboard
  }

  /// The box an action applies to (`x`, `y`, Tab, Enter in a chooser): the keyboard's box on screen, else the box
  /// at the top of the view; only a loaded item.
  public var actedOn: Int? {
    guard let index = keyboardOnScreen ?? waterfall.placeAnchor(), index < store.count, store.items.isLoaded(index)
    else { return nil }
    return index
  }
}
