import ShopCatalog
import WaterfallKit

/// The way back (``JumpList``): the root records where the view was before each jump, and goes back there.
extension Viewer {
  /// Where the view is now, as a place to come back to: the focused box when it is on screen, else the box at
  /// the top of the view.
  var currentPlace: JumpList.Place? {
    let focused = focus.keyboardOnScreen
    // A box whose item is not loaded yet (a measured result's page on its way) is no item to come back to.
    guard let index = focused ?? waterfall.placeAnchor(), index < store.count, store.ids[index].rawValue >= 0
    else { return nil }
    let distance = waterfall.layout.frame(of: index).y - waterfall.contentOffset
    return JumpList.Place(item: store.ids[index], distanceFromTop: distance, focused: focused != nil)
  }

  /// A jump is about to move the view: where it is now is the place Ctrl-O comes back to.
  func recordJump(from place: JumpList.Place? = nil) {
    if let place = place ?? currentPlace { state.jumpList.jumped(from: place) }
  }

  /// The actions that jump: what they leave is remembered first.
  static let jumpingActions: Set<Action> = [.top, .bottom, .nextMatch, .previousMatch, .cycleSort, .toggleSections]

  /// Ctrl-O, Ctrl-I, `m` and `'` (the letter comes with the next key, ``takeMarkLetter(_:)``).
  func perform(jumpListAction action: Action) {
    switch action {
    case .jumpBack:
      guard let here = currentPlace, let place = state.jumpList.back(from: here) else {
        return state.notice = "no earlier place to go back to (Ctrl-O)"
      }
      go(to: place)
    case .jumpForward:
      guard let place = state.jumpList.forward() else { return state.notice = "no later place (Ctrl-I, Tab)" }
      go(to: place)
    case .setMark:
      state.jumpList.awaitingMark = .set
      state.notice = "mark: a letter names this place"
    case .goToMark:
      state.jumpList.awaitingMark = .goTo
      state.notice = "go to mark: its letter"
    default: break
    }
  }

  /// The key after `m` or `'`: a letter marks the place or goes back to it; any other key gives up.
  func takeMarkLetter(_ key: Key) {
    guard let awaiting = state.jumpList.awaitingMark else { return }
    state.jumpList.awaitingMark = nil
    guard case .character(let letter) = key, JumpList.isMarkName(letter) else {
      return state.notice = key == .escape ? nil : "marks are named by letters"
    }
    switch awaiting {
    case .set:
      guard let place = currentPlace else { return state.notice = "nothing on screen to mark" }
      state.jumpList.mark(letter, at: place)
      state.notice = "mark \(letter) set: ' \(letter) comes back here"
    case .goTo:
      guard let place = state.jumpList.mark(letter) else {
        return state.notice = "no mark \(letter): m \(letter) sets it"
      }
      recordJump()
      go(to: place)
    }
  }

  /// Puts the view back at `place`: the item at the same distance from the top, focused if it was. An item not
  /// loaded (a page further on, another order) is found and loaded through to, as `:N` does. A jump still on its
  /// way (G measuring, typed just before) is given up: it would move the view again when done.
  func go(to place: JumpList.Place) {
    send(jumps: .itemsChanging)
    send(jumps: .drop)
    guard let index = store.ids.firstIndex(of: place.item) else {
      guard place.item.rawValue >= 0 else { return state.notice = "that place is no longer loaded" }
      return send(
        jumps: .goToPlace(item: place.item, distanceFromTop: place.distanceFromTop, focused: place.focused))
    }
    waterfall.scroll(toOffset: waterfall.layout.frame(of: index).y - place.distanceFromTop)
    state.keyboardFocus = place.focused ? index : nil
  }
}
