import Pictures
import ShopCatalog

/// `x` and `y`: the link of the item acted on (``Focus/actedOn``), opened outside or copied. Each answers with
/// the effect to carry out, if any, and what the status line says.
enum Links {
  struct Outcome: Hashable {
    var effect: Effect?
    var notice: String

    /// What the root carries out: the effect, if any, then the notice.
    var commands: [Command] { (effect.map { [.effect($0)] } ?? []) + [.notice(notice)] }
  }

  enum Request {
    case open
    case copy

    /// The waterfall's actions this part owns: `x` and `y`.
    init?(_ action: Action) {
      switch action {
      case .openLink: self = .open
      case .copyLink: self = .copy
      default: return nil
      }
    }
  }

  /// `x` or `y` on `item`, the item acted on (none: the status line says there is nothing to open or copy).
  static func update(_ request: Request, item: ShopItem?) -> [Command] {
    (request == .open ? open(item) : copy(item)).commands
  }

  /// The item's link: its page (``ItemFieldNames/page``: `url` beside a picture, `link`, `href`), else its
  /// picture's address; nil without either.
  static func link(of item: ShopItem) -> String? {
    let link = ItemFieldNames.page.lazy.compactMap { name in
      item.extraFields.first { $0.key.lowercased() == name && !$0.value.allSatisfy(\.isWhitespace) }?.value
    }.first
    let address = (link ?? item.imageURL).trimmingCharacters(in: .whitespaces)
    return address.isEmpty ? nil : address
  }

  /// `x`: open `item`'s link in the browser, when it is one a browser may be handed.
  static func open(_ item: ShopItem?) -> Outcome {
    guard let item, let link = link(of: item) else {
      return Outcome(notice: "this item has no link or picture address to open")
    }
    guard let address = openableAddress(link, of: item) else {
      return Outcome(
        notice: "not opened (only web addresses and local pictures are): "
          + TextSanitizer.sanitize(RedactedURL.text(link), limit: 200))
    }
    return Outcome(
      effect: .openExternally(address),
      notice: "opening " + TextSanitizer.sanitize(RedactedURL.text(address), limit: 200))
  }

  /// `y`: copy `item`'s link (else its title) to the clipboard: the address `x` would open (a picture's path
  /// made absolute, which means something outside the dataset's folder), else the link as written.
  static func copy(_ item: ShopItem?) -> Outcome {
    let address = item.flatMap { item in Self.link(of: item).map { openableAddress($0, of: item) ?? $0 } }
    guard let text = address ?? item.map(\.title), !text.isEmpty else {
      return Outcome(notice: "this item has no link or title to copy")
    }
    // A clipboard holds text, not a terminal's controls: the sanitised form, bounded. The status line, which a
    // recording keeps, gets its redacted form.
    return Outcome(
      effect: .copyToClipboard(TextSanitizer.sanitize(text, limit: 4096)),
      notice: "copied " + TextSanitizer.sanitize(RedactedURL.text(text), limit: 4096))
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
}
