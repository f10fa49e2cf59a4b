import ShopCatalog

/// The way back, as vim's jump list and less's marks: where the view was before each jump (`G`, `g`, `:N`, a
/// search, a sort, filter or sections), walked with Ctrl-O (back) and Ctrl-I / Tab (forward); and places marked
/// with `m` and a letter, returned to with `'` and the letter. A place is an item, not a row: it survives pages
/// loading, a resize and a new order.
struct JumpList: Hashable, Sendable {
  /// A place in the catalogue: the item it is about, how far its top was from the top of the view, and whether
  /// it had the keyboard's focus (else it was the box at the top of the view).
  struct Place: Hashable, Sendable {
    var item: ItemID
    var distanceFromTop: Int
    var focused: Bool
  }

  /// The places jumped from, oldest first.
  private(set) var places: [Place] = []
  /// Where Ctrl-O and Ctrl-I are in ``places``; `places.count` when no step back has been taken.
  private(set) var position = 0
  /// The places marked, by letter.
  private(set) var marks: [Character: Place] = [:]
  /// `m` or `'` typed: the next key names the mark.
  var awaitingMark: MarkKey?

  /// What the letter after `m` or `'` does.
  enum MarkKey: Hashable, Sendable {
    case set
    case goTo
  }

  /// vim keeps a hundred.
  static let limit = 100

  /// A jump leaves `place`: it is the newest place to come back to. Steps taken forward from an older place
  /// are forgotten, as a browser's history forgets them; the same item is kept once, at its newest.
  mutating func jumped(from place: Place) {
    places.removeSubrange(min(position, places.count)...)
    places.removeAll { $0.item == place.item }
    places.append(place)
    if places.count > Self.limit { places.removeFirst(places.count - Self.limit) }
    position = places.count
  }

  /// Ctrl-O from `current`: the place before, if any. The first step back keeps `current`, so Ctrl-I returns.
  mutating func back(from current: Place) -> Place? {
    guard position > 0 else { return nil }
    if position == places.count {
      places.removeAll { $0.item == current.item }
      position = places.count
      guard position > 0 else { return nil }
      places.append(current)
    }
    position -= 1
    return places[position]
  }

  /// Ctrl-I: the place after, back towards where the steps back began.
  mutating func forward() -> Place? {
    guard position + 1 < places.count else { return nil }
    position += 1
    return places[position]
  }

  mutating func mark(_ letter: Character, at place: Place) { marks[letter] = place }

  func mark(_ letter: Character) -> Place? { marks[letter] }

  /// A mark's name: a letter, as in less and vim.
  static func isMarkName(_ character: Character) -> Bool { character.isASCII && character.isLetter }
}
