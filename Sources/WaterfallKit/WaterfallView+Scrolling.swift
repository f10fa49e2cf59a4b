extension WaterfallView {
  // MARK: - Scrolling

  /// Moves the viewport to `offset` (clamped) without counting as a user's move: no load-more, no pull.
  public func scroll(toOffset offset: Int) {
    rememberedPlace = nil
    contentOffset = offset
    clampOffset()
    layoutPass()
  }

  /// The user scrolls by `rows` (positive: toward the end). Moving toward the end with the footer in view may
  /// start a load-more; moving up at the top pulls toward a refresh; moving down lets go of a pull.
  public func userScroll(byRows rows: Int) {
    userScroll(toOffset: contentOffset + rows, intent: rows)
  }

  /// The user jumps to `offset` (Home, End, a page): counts as a move in its direction.
  public func userScroll(toOffset offset: Int) {
    userScroll(toOffset: offset, intent: offset - contentOffset)
  }

  private func userScroll(toOffset offset: Int, intent: Int) {
    let overscroll = offset < 0 ? -offset : 0
    rememberedPlace = nil
    contentOffset = offset
    clampOffset()
    layoutPass()
    if overscroll > 0 {
      paging.pull(rows: overscroll)
    } else if intent > 0 {
      releasePull()
    }
    if let request = paging.userMoved(towardEnd: intent > 0, footerInView: isFooterInView) {
      pendingPageRequests.append(PageRequest(kind: .loadMore, number: request))
    }
  }

  /// Scrolls so that item `index` sits at `position`.
  public func scrollToItem(_ index: Int, at position: ScrollPosition) {
    guard index >= 0, index < itemCount else { return }
    scroll(toOffset: offset(revealing: index, at: position))
  }

  /// The content offset (clamped) that puts item `index` at `position`.
  public func offset(revealing index: Int, at position: ScrollPosition) -> Int {
    let frame = layout.frame(of: index)
    let height = viewportSize.height
    var offset = contentOffset
    switch position {
    case .top: offset = frame.y
    case .center: offset = frame.y + frame.height / 2 - height / 2
    case .bottom: offset = frame.maxY - height
    case .visible:
      if frame.y < offset || frame.height > height {
        offset = frame.y
      } else if frame.maxY > offset + height {
        offset = frame.maxY - height
      }
    }
    return clamped(offset)
  }

  // MARK: - Selection

  /// Selects item `index` (or clears the selection with `nil`) and tells the delegate.
  public func selectItem(at index: Int?) {
    rememberedPlace = nil
    guard let index else {
      selectedIndex = nil
      return
    }
    guard index >= 0, index < itemCount else { return }
    selectedIndex = index
    delegate?.waterfallView(self, didSelectItemAt: index)
  }

  /// Selects whatever item lies under `point` (content coordinates) and returns what was hit. A point on a gap,
  /// margin, header or footer selects nothing and leaves the selection as it was.
  @discardableResult
  public func selectItem(atContentPoint point: GridPoint) -> HitTarget {
    let target = layout.hitTest(point)
    if let index = target.itemIndex { selectItem(at: index) }
    return target
  }

  /// Converts a viewport point (row 0 is the viewport's top) to content coordinates.
  public func contentPoint(fromViewport point: GridPoint) -> GridPoint {
    GridPoint(x: point.x, y: point.y + contentOffset)
  }
}
