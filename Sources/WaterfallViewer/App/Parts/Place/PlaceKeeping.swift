import ShopCatalog
import WaterfallKit

/// Keeping the user's place when a new query's answer replaces the items. Taken before the items change: what was
/// focused, the place (the focused box on screen, else the topmost), what was on screen. Told the answer's items:
/// where each old box went, whether the view goes to the top, what stays focused, and the item to load through to
/// when the first page does not hold it. The root replaces the store and carries the answers out on the engine.
struct PlaceKeeping {
  /// What an answer keeps of the view.
  enum Kept: Hashable {
    /// Nothing: the answer from its top, nothing focused (a search is on).
    case nothing
    /// The focused box on screen, at its row; else the answer from its top: a new order, filter or sections,
    /// where the box that happened to be at the top is somewhere else (under "price, lowest first" it showed the
    /// dearest items).
    case focusedBox
    /// The focused box, else the box at the top of the view: a refresh, the same order with rows added.
    case focusedBoxOrTopOfView
  }

  /// The item whose place is kept, its rows from the top of the view, and why it is kept.
  typealias Place = (item: ItemID, distanceFromTop: Int, purpose: PlaceTarget.Purpose)

  /// Where a place target loaded through to goes: its index, the offset that keeps its rows from the top (`nil`:
  /// only into view), whether it takes the keyboard and the selection.
  struct Arrival: Hashable {
    var index: Int
    var offset: Int?
    var focuses: Bool
    var selects: Bool
  }

  let place: Place?
  private let oldIDs: LoadedItems<ItemID>
  private let focusedItem: ItemID?
  private let onScreen: [ItemID]
  private let wasAtTop: Bool
  private let kept: Kept
  private let selectedItem: ItemID?
  /// Each item's first index in the answer, once ``answered(_:)``.
  private var newIndices: [ItemID: Int] = [:]

  /// The box whose place an answer keeps (layout index): the focused box when it is on screen, else (`orTop`) the
  /// topmost box on screen; none at the very top, where the top is the place.
  static func placeItem(
    focusOnScreen: Int?, count: Int, waterfall: WaterfallView, orTop: Bool = true
  ) -> (
    index: Int, purpose: PlaceTarget.Purpose
  )? {
    if let focus = focusOnScreen, focus < count { return (focus, .focusedBox) }
    guard orTop, waterfall.contentOffset > 0, let top = waterfall.placeAnchor(), top < count else { return nil }
    return (top, .topOfView)
  }

  /// Before the items (`ids`) change, keeping what `kept` says.
  init(kept: Kept, ids: LoadedItems<ItemID>, keyboardFocus: Int?, focusOnScreen: Int?, waterfall: WaterfallView) {
    (self.kept, oldIDs) = (kept, ids)
    let keepsPlace = kept != .nothing
    focusedItem = keepsPlace ? keyboardFocus.flatMap { $0 < ids.count ? ids[$0] : nil } : nil
    let place =
      keepsPlace
      ? Self.placeItem(
        focusOnScreen: focusOnScreen, count: ids.count, waterfall: waterfall, orTop: kept == .focusedBoxOrTopOfView)
      : nil
    self.place = place.map { place in
      let distance = waterfall.layout.frame(of: place.index).y - waterfall.contentOffset
      return (ids[place.index], distance, place.purpose)
    }
    onScreen = waterfall.indicesInViewport.filter { $0 < ids.count }.map { ids[$0] }
    wasAtTop = waterfall.contentOffset == 0
    selectedItem = waterfall.selectedIndex.flatMap { $0 < ids.count ? ids[$0] : nil }
  }

  /// The answer's items are in: from now on the answers below are about them.
  mutating func answered(_ ids: LoadedItems<ItemID>) {
    for (index, id) in ids.enumerated() where newIndices[id] == nil { newIndices[id] = index }
  }

  /// The selection's index in the answer: it stays on its item, if that is there (the focus is not made one).
  var selection: Int? { selectedItem.flatMap { newIndices[$0] } }

  /// Where the old box at `index` is in the answer (its cell is kept), if it is.
  func newIndex(ofOld index: Int) -> Int? { index < oldIDs.count ? newIndices[oldIDs[index]] : nil }

  /// The view goes to the top: no place kept; at the top already (the header stays in view); or nothing on screen
  /// is in the answer, rather than somewhere in its first page.
  var scrollsToTop: Bool {
    kept == .nothing || wasAtTop || (kept == .focusedBox && place == nil)
      || !onScreen.contains { newIndices[$0] != nil }
  }

  /// The box focused in the answer: the one focused before, where the answer holds it.
  var focus: Int? { focusedItem.flatMap { newIndices[$0] } }

  /// The place's item is not in the answer's first page, but the source found it further on (`location`): the
  /// target to load through to.
  func target(location: (item: ItemID, rank: Int?)?, loadedCount: Int) -> PlaceTarget? {
    guard let place, newIndices[place.item] == nil, let location, location.item == place.item,
      let rank = location.rank, rank >= loadedCount
    else { return nil }
    var target = PlaceTarget(
      item: place.item, rank: rank, purpose: place.purpose, distanceFromTop: place.distanceFromTop)
    target.wasSelected = selectedItem == place.item
    return target
  }

  /// A place target is loaded (`ids`, laid out in `layout`): where it goes. A measured result's rank not loaded
  /// yet is where the source said the item is.
  static func arrival(at target: PlaceTarget, ids: LoadedItems<ItemID>, layout: WaterfallLayout) -> Arrival? {
    let atRank = !ids.isLoaded(target.rank) || ids[target.rank] == target.item
    guard let index = atRank ? target.rank : ids.firstIndex(of: target.item) else { return nil }
    // The same distance from the top of the view where the layout allows it.
    return Arrival(
      index: index, offset: target.distanceFromTop.map { layout.frame(of: index).y - $0 },
      focuses: target.purpose != .topOfView, selects: target.wasSelected)
  }
}
