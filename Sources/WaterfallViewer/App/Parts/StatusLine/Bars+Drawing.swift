import ShopCatalog
import WaterfallKit

/// The bars drawn: the header's row, the footer's, and the placeholder that stands for the boxes while there are
/// none (loading, empty, the first page failed). The rows are the root's (`nil`: scrolled off screen).
extension Bars {
  func drawHeader(name: String, pendingChange: QueryChange?, hasItems: Bool, row: Int?, into screen: inout Screen) {
    guard let row else { return }
    let (left, right) = header(name: name, pendingChange: pendingChange, hasItems: hasItems)
    let rightWidth = DisplayWidth.of(right)
    screen.put(
      TextLayout.clip(left, toWidth: screen.width - rightWidth - 1, ellipsis: glyphs.ellipsis), x: 0,
      y: row, style: Palette.header)
    if !right.isEmpty { screen.put(right, x: screen.width - rightWidth - 1, y: row, style: Palette.pull) }
  }

  func drawFooter(row: Int?, into screen: inout Screen) {
    guard let row else { return }
    screen.putCentred(footer.text, row: row, style: footer.style, ellipsis: glyphs.ellipsis)
  }

  /// Draws the placeholder in the middle of `waterfall`'s content area when it has no boxes to show; answers
  /// whether it stands there (then the boxes are not drawn).
  func drawPlaceholder(
    over waterfall: WaterfallView, filter: ItemQuery?, itemsRead: Int, into screen: inout Screen
  ) -> Bool {
    guard let (text, style) = placeholder(for: waterfall.contentState, filter: filter, itemsRead: itemsRead) else {
      return false
    }
    let frame = waterfall.layout.placeholderFrame
    if let row = waterfall.screenRow(frame.y + frame.height / 2) {
      screen.putCentred(text, row: row, style: style, ellipsis: glyphs.ellipsis)
    }
    return true
  }

  /// What stands where the boxes would be, when there are none to show: loading, a failed first page with what
  /// to press, or why the result is empty (a filter that matches nothing says how to clear it). `nil` with items.
  func placeholder(for content: ContentState, filter: ItemQuery?, itemsRead: Int) -> (text: String, style: Style)? {
    let loading = (spinner + " loading the catalogue" + glyphs.ellipsis, Palette.placeholder)
    switch content {
    case .items: return nil
    case .loading: return loading
    case .empty:
      switch paging.loadMore {
      // A retry of the failed first page is on its way: the catalogue is not known to be empty.
      case .loading: return loading
      case .failed(let reason):
        // The reason last, so a narrow screen still shows what to press.
        return (
          "loading failed \(glyphs.dash) press R to retry: \(TextSanitizer.sanitize(reason))", Palette.footerFailed
        )
      default:
        guard let filter, itemsRead > 0 else { return ("no items: this catalogue is empty", Palette.placeholder) }
        let pattern = TextSanitizer.sanitize(filter.pattern, limit: 40)
        return (
          "nothing matches the filter \"\(pattern)\" \(glyphs.dash) & then Enter shows every item", Palette.placeholder
        )
      }
    }
  }
}
