extension WaterfallView {
  // MARK: - Size and columns

  /// Changes the viewport and keeps the user's place (see ``relayout(anchor:)``): `anchor` if given, else the
  /// selected item when it is on screen, else the item at the top of the viewport. At the bottom it stays at the
  /// bottom.
  public func setViewportSize(_ size: GridSize, anchor: Int? = nil) {
    let size = GridSize(width: max(0, size.width), height: max(0, size.height))
    // The place is read in the old viewport, before the size changes.
    let place = rememberPlace(anchor: anchor)
    viewportSize = size
    let configuration = currentConfiguration()
    if configuration != layout.configuration { rebuildLayout(configuration: configuration) }
    restore(place)
  }

  /// Changes the column policy and relayouts, keeping `anchor` (the front end's focus, say) in view.
  public func setColumnPolicy(_ policy: ColumnPolicy, anchor: Int? = nil) {
    storedColumnPolicy = policy
    relayout(anchor: anchor)
  }

  /// Lays out again (new column count, margins or header/footer), keeping `anchor` or the current place in view:
  /// the anchor keeps its distance from the viewport top where it can, stays whole in view when it was and fits,
  /// and a view at the bottom stays at the bottom. Until the user scrolls or selects, a run of such changes keeps
  /// measuring from the place before the first of them, so going there and back returns to the same offset.
  public func relayout(anchor: Int? = nil) {
    let place = rememberPlace(anchor: anchor)
    let configuration = currentConfiguration()
    if configuration != layout.configuration || layout.sectionItemCounts != askSectionItemCounts() {
      rebuildLayout(configuration: configuration)
    }
    restore(place)
  }

  /// The user's place before a run of resizes and column changes; see ``relayout(anchor:)``.
  struct Place {
    var anchor: Int?
    var distanceFromTop: Int
    var wasWhole: Bool
    var atBottom: Bool
  }

  /// Set by the first resize or column change, cleared by anything that moves the view or changes the data.

  func rememberPlace(anchor: Int?) -> Place {
    if let remembered = rememberedPlace, anchor == nil || anchor == remembered.anchor {
      return remembered
    }
    let atBottom = maximumOffset > 0 && contentOffset == maximumOffset
    // At the bottom only a chosen item matters; the top item would pull the view off the bottom.
    let chosen = anchor ?? selectedIndex.flatMap { indicesInViewport.contains($0) ? $0 : nil }
    let keep = atBottom ? chosen : chosen ?? placeAnchor()
    let frame = keep.map { layout.frame(of: $0) }
    let place = Place(
      anchor: keep, distanceFromTop: (frame?.y ?? contentOffset) - contentOffset,
      wasWhole: frame.map { $0.y >= contentOffset && $0.maxY <= contentOffset + viewportSize.height } ?? false,
      atBottom: atBottom)
    rememberedPlace = place
    return place
  }

  func restore(_ place: Place) {
    let anchor = place.anchor.flatMap { $0 < itemCount ? $0 : nil }
    if place.atBottom {
      contentOffset = maximumOffset
    } else if let anchor {
      contentOffset = clamped(layout.frame(of: anchor).y - place.distanceFromTop)
    }
    if let anchor {
      let frame = layout.frame(of: anchor)
      if place.wasWhole, frame.height <= viewportSize.height {
        contentOffset = offset(revealing: anchor, at: .visible)
      } else if !frame.intersects(viewportRect) {
        contentOffset = clamped(frame.y)
      }
    }
    clampOffset()
    layoutPass()
  }

  /// The item the user is looking at: the selected one when it is on screen, else the topmost on screen
  /// (leftmost on ties).
  public func placeAnchor() -> Int? {
    let onScreen = indicesInViewport
    if let selected = selectedIndex, onScreen.contains(selected) { return selected }
    return onScreen.min { lhs, rhs in
      let (left, right) = (layout.frame(of: lhs), layout.frame(of: rhs))
      return (left.y, left.x) < (right.y, right.x)
    }
  }
}
