extension WaterfallView {
  // MARK: - Sections

  /// The section header to draw pinned at the viewport top now, if any (see
  /// ``WaterfallLayout/pinnedSectionHeader(atOffset:)``).
  public var pinnedSectionHeader: PinnedSectionHeader? { layout.pinnedSectionHeader(atOffset: contentOffset) }

  /// The sections whose headers share a row with the viewport, in order: the app draws these where they are.
  public var sectionHeadersInViewport: [Int] { layout.sectionHeaders(intersecting: viewportRect) }

  /// Scrolls so that `section`'s header is at the viewport top (clamped).
  public func scrollToSection(_ section: Int) {
    guard section >= 0, section < layout.sectionCount else { return }
    scroll(toOffset: layout.sectionHeaderFrame(section).y)
  }
}
