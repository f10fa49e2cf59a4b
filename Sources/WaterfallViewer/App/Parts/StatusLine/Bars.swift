import WaterfallKit

/// What the full-width rows above and below the boxes say: the header (the catalogue, its count, and what a new
/// query or a refresh is doing) and the footer (load more, the end). From the engine's paging alone.
struct Bars {
  var paging: PagingStateMachine
  /// The loaded items and, when known, of how many, as the status line says it: "50/300 items".
  var count: String
  /// The spinner's frame now.
  var spinner: String
  var glyphs: Glyphs

  /// The header's left (the name and count) and right (the pull, a refresh, a new query's progress) text.
  func header(name: String, pendingChange: QueryChange?, hasItems: Bool) -> (left: String, right: String) {
    let left = " Waterfall \(glyphs.dot) \(TextSanitizer.sanitize(name)) \(glyphs.dot) \(count)"
    if let pendingChange { return (left, "\(spinner) \(pendingChange.progressText)\(glyphs.ellipsis)") }
    if paging.isRefreshing, hasItems { return (left, "\(spinner) refreshing\(glyphs.ellipsis)") }
    if paging.isArmed { return (left, "\(glyphs.arrowUp) release to refresh") }
    if paging.pulledRows > 0 {
      return (left, "\(glyphs.arrowDown) pull to refresh (\(paging.pulledRows)/\(paging.refreshThreshold))")
    }
    return (left, "")
  }

  /// The footer's text and style.
  var footer: (text: String, style: Style) {
    switch paging.loadMore {
    case .idle: ("\(glyphs.arrowDown) scroll down to load more", Palette.footer)
    case .loading: ("\(spinner) loading more\(glyphs.ellipsis)", Palette.footerBusy)
    case .failed(let reason):
      // The reason last, so a narrow footer still shows what to press.
      (
        "\(paging.retryRefreshes ? "refresh" : "load") failed, R retries: \(TextSanitizer.sanitize(reason))",
        Palette.footerFailed
      )
    case .exhausted: ("\(glyphs.dash) end of the catalogue \(glyphs.dot) \(count) \(glyphs.dash)", Palette.footer)
    }
  }
}
