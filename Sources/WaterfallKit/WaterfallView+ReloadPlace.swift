extension WaterfallView {
  // MARK: - Keeping the place across filter and sort

  /// Reloads after the items were filtered or re-ordered, keeping `anchor` where it was: the same distance from
  /// the viewport top where the layout allows it, wholly in view when it was and fits, and in view at least.
  /// Every cell is recycled (the indices now name other items). The selection follows the anchor when it was
  /// the anchor and is cleared otherwise; an anchor that is gone (either index out of range) keeps no place.
  public func reloadData(keepingPlaceOf anchor: ReloadAnchor) {
    let place = anchor.oldIndex >= 0 && anchor.oldIndex < itemCount ? place(of: anchor) : nil
    reload(keeping: place, selection: selectedIndex == anchor.oldIndex ? anchor.newIndex : nil)
  }

  /// Reloads after the items were filtered or re-ordered, keeping the user's place: `newIndex` maps an index
  /// before the change to the same item's index after it, or `nil` when the item was filtered out. The anchor is
  /// `preferring` (the front end's focus, say) when it is on screen and survives, else the selection when it is
  /// on screen and survives, else the topmost on-screen item that survives (leftmost on ties); the selection
  /// follows its item, and the boxes of items that stay keep their cells.
  public func reloadData(preferring preferred: Int? = nil, mappingIndices newIndex: (_ oldIndex: Int) -> Int?) {
    var candidates = indicesInViewport.sorted { lhs, rhs in
      let (left, right) = (layout.frame(of: lhs), layout.frame(of: rhs))
      return (left.y, left.x) < (right.y, right.x)
    }
    for chosen in [selectedIndex, preferred] {
      if let chosen, let position = candidates.firstIndex(of: chosen) {
        candidates.insert(candidates.remove(at: position), at: 0)
      }
    }
    var anchor: ReloadAnchor?
    for old in candidates {
      if let new = newIndex(old) {
        anchor = ReloadAnchor(oldIndex: old, newIndex: new)
        break
      }
    }
    reload(keeping: anchor.map(place(of:)), selection: selectedIndex.flatMap(newIndex), mapping: newIndex)
  }

  /// Where `anchor` is now, measured in the layout before the reload, to be restored at its new index.
  private func place(of anchor: ReloadAnchor) -> Place {
    let frame = layout.frame(of: anchor.oldIndex)
    return Place(
      anchor: anchor.newIndex, distanceFromTop: frame.y - contentOffset,
      wasWhole: frame.y >= contentOffset && frame.maxY <= contentOffset + viewportSize.height, atBottom: false)
  }

  /// With a `mapping`, the cells of items that stay move to their items' new indices instead of going to the
  /// pool (the layout pass then recycles those that fell outside the buffer): a box that stays keeps its cell.
  private func reload(keeping place: Place?, selection: Int?, mapping: (Int) -> Int? = { _ in nil }) {
    rememberedPlace = nil
    var kept: [Int: WaterfallCell] = [:]
    for (old, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
      if let new = mapping(old) {
        cell.itemIndex = new
        kept[new] = cell
      } else {
        recycle(cell, from: old)
      }
    }
    visibleCells = kept
    rebuildLayout(configuration: currentConfiguration())
    selectedIndex = selection.flatMap { $0 >= 0 && $0 < itemCount ? $0 : nil }
    if let place, let anchor = place.anchor, anchor >= 0, anchor < itemCount {
      restore(place)
    } else {
      clampOffset()
      layoutPass()
    }
  }
}
