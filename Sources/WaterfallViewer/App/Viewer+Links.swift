import Pictures
import ShopCatalog

/// `x` and `y`: an item's link, opened outside or copied.
extension Viewer {
  /// The focused item's link: its page (``ItemFieldNames/page``: `url` beside a picture, `link`, `href`), else its
  /// picture's address; nil without either.
  var focusedLink: String? {
    guard let item = focusedItem else { return nil }
    let link = ItemFieldNames.page.lazy.compactMap { name in
      item.extraFields.first { $0.key.lowercased() == name && !$0.value.allSatisfy(\.isWhitespace) }?.value
    }.first
    let address = (link ?? item.imageURL).trimmingCharacters(in: .whitespaces)
    return address.isEmpty ? nil : address
  }

  /// The item of the focused box on screen, else of the box at the top of the view.
  private var focusedItem: ShopItem? { actedOnIndex.map { store.items[$0] } }

  /// What `x`, `y`, Tab and Enter act on: the focused box on screen, else the box at the top of the view.
  var actedOnIndex: Int? {
    guard let index = visibleFocus ?? waterfall.placeAnchor(), index < store.count, store.items.isLoaded(index)
    else { return nil }
    return index
  }

  func openFocusedLink() {
    guard let item = focusedItem, let link = focusedLink else {
      state.notice = "this item has no link or picture address to open"
      return
    }
    guard let address = Self.openableAddress(link, of: item) else {
      state.notice =
        "not opened (only web addresses and local pictures are): "
        + TextSanitizer.sanitize(RedactedURL.text(link), limit: 200)
      return
    }
    emit(.openExternally(address))
    state.notice = "opening " + TextSanitizer.sanitize(RedactedURL.text(address), limit: 200)
  }

  /// What `x` hands the browser: dataset text is untrusted, so only an http(s) address, or a picture resolved to an
  /// absolute local path (never a word a browser could read as its own option, nor another scheme).
  static func openableAddress(_ link: String, of item: ShopItem) -> String? {
    switch PictureSource.resolve(link, relativeTo: item.sourceFile) {
    case .remote(let address): return address
    case .file(let path) where link == item.imageURL.trimmingCharacters(in: .whitespaces):
      return path.hasPrefix("/") || path.hasPrefix("file:") ? path : nil
    case .file, .notLocal: return nil
    }
  }

  func copyFocusedLink() {
    guard let text = focusedLink ?? focusedItem.map(\.title), !text.isEmpty else {
      state.notice = "this item has no link or title to copy"
      return
    }
    // A clipboard holds text, not a terminal's controls: the sanitised form, bounded.
    let clean = TextSanitizer.sanitize(text, limit: 4096)
    emit(.copyToClipboard(clean))
    // The clipboard gets the whole address; the status line, which a recording keeps, its redacted form.
    state.notice = "copied " + TextSanitizer.sanitize(RedactedURL.text(text), limit: 4096)
  }
}
