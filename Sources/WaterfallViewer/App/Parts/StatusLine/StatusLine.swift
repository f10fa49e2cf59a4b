import ShopCatalog

/// The status bar's part: what is going on, each piece with how much it matters (what just happened, the search
/// and the filter most, the position least), so a narrow bar drops the least important. The root fills it in from
/// the other parts' state; it draws itself, or the prompt being typed in its place.
struct StatusLine {
  /// Where the view is: its top content row, the content's height, the furthest it scrolls; nil with no items.
  var position: (offset: Int, height: Int, maximum: Int)?
  /// The items loaded and, when known, of how many: "50/300 items".
  var count: String
  /// The places in the result on screen, from 1.
  var onScreen: ClosedRange<Int>?
  /// The selected box's item number (`#N`, the same whatever the order).
  var selectedNumber: Int?
  /// `--pick`'s "2/5 marked"; nil without `--pick`.
  var marked: String?
  var reading: ReadingProgress
  /// The search's "match 2/17".
  var search: String?
  /// "loading to item #7 40%…" or "going to item #7…".
  var place: String?
  /// The source could only sort or filter what it had loaded: never silently partial.
  var loadedItemsOnly: Bool
  /// A filter's "12/300 shown".
  var filterShown: String?
  /// The filter in words (`shop: Alpha Atelier · price: under 200`), beside its count while there is room.
  var filterWords: String? = nil
  var sort: ItemOrder
  var notice: String?
  var stepping: Bool
  /// The measuring's progress, spinner first.
  var measuring: String?
  var glyphs: Glyphs
  /// The keys the help at the end names.
  var keys = KeyHints()
  /// The prompt being typed, drawn in the bar's place.
  var prompt: Prompt?
  /// What the prompt's text comes to so far, shown at the bar's right end: a search's "3 of 17,725", a
  /// filter's count, the range `:` takes and the item it would go to.
  var promptHint: String?

  /// The pieces in the order they are shown, each with its priority.
  var parts: StatusParts {
    var parts = StatusParts()
    if let (offset, height, maximum) = position {
      let percent = maximum == 0 ? 100 : offset * 100 / maximum
      parts.append("row \(offset + 1)/\(height) \(percent)%", priority: 4)
    }
    parts.append(count, priority: 5)
    if let onScreen { parts.append("view \(onScreen.lowerBound + 1)-\(onScreen.upperBound + 1)", priority: 1) }
    if let selectedNumber { parts.append("sel #\(selectedNumber)", priority: 6) }
    if let marked { parts.append(marked, priority: 9) }
    if !reading.isComplete {
      parts.append(
        reading.isSizeKnown ? "reading \(Int(reading.fraction * 100))%" : "reading" + glyphs.ellipsis, priority: 8)
    }
    // What stopped the reading early (a malformed record: file, line and why) matters as much as a notice.
    if let stopped = reading.stoppedBy { parts.append(TextSanitizer.sanitize(stopped, limit: 160), priority: 10) }
    // A problem in the data outranks the row shown: kept beside the count in a narrow bar.
    if reading.skippedItems > 0 { parts.append("\(reading.skippedItems) skipped", priority: 5) }
    if let search { parts.append(TextSanitizer.sanitize(search, limit: 80), priority: 9) }
    if let place { parts.append(place, priority: 10) }
    if loadedItemsOnly { parts.append("(loaded items only)", priority: 9) }
    if let filterShown { parts.append(filterShown, priority: 8) }
    if let filterWords { parts.append(TextSanitizer.sanitize(filterWords, limit: 60), priority: 7) }
    let notice = notice.map(TextSanitizer.sanitize)
    // The notice of a sort already names it.
    if sort != .dataset, notice?.contains(sort.description) != true {
      parts.append("by \(sort.description)", priority: 7)
    }
    if stepping { parts.append("STEP", priority: 8) }
    if let measuring { parts.append(measuring, priority: 9) }
    let help = keys.text(picking: marked != nil)
    if let news = newItemsText { parts.append(news, priority: 10) }
    if let notice { parts.append(notice, priority: 10) } else { parts.append(help, priority: 2) }
    return parts
  }

  /// "1 new item · r shows it": items others added to the source since the result shown was read, until `r`
  /// reads them in (no key clears it; without a key that refreshes, the count alone).
  var newItemsText: String? {
    guard reading.newItems > 0 else { return nil }
    let (count, them) = reading.newItems == 1 ? ("1 new item", "it") : ("\(reading.newItems) new items", "them")
    return keys.refresh.map { "\(count) \(glyphs.dot) \($0) shows \(them)" } ?? count
  }

  /// Draws the bar on the screen's last row, or the prompt being typed.
  func draw(into screen: inout Screen) {
    if let prompt { return Self.draw(prompt, hint: promptHint, into: &screen) }
    let row = screen.height - 1
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Palette.statusBar)
    let separator = " \(glyphs.separator) "
    let fitting = parts.fitting(width: screen.width - 1, separator: separator, ellipsis: glyphs.ellipsis)
    let text = " " + fitting.joined(separator: separator)
    screen.put(text, x: 0, y: row, style: Palette.statusBar, maximumWidth: screen.width)
  }

  /// Draws `prompt` being typed on the screen's last row instead: its label, the end of the text in view, and a
  /// cursor block after it, where the terminal's cursor rests; the `hint` at the right end when the text leaves
  /// room for it (the text comes first).
  static func draw(_ prompt: Prompt, hint: String?, into screen: inout Screen) {
    let row = screen.height - 1
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Palette.statusBar)
    let text = TextSanitizer.sanitize(prompt.text)
    let visible = String(text.suffix(max(0, screen.width - 3)))
    let end = screen.put(prompt.label + visible, x: 0, y: row, style: Palette.statusBar)
    screen.put(character: " ", x: end, y: row, style: Palette.promptCursor)
    (screen.cursorColumn, screen.cursorRow) = (min(end, screen.width - 1), row)
    // What fits beside the text, cut with an ellipsis (a long title's preview); none when the text leaves too
    // little room for it to say anything.
    let room = screen.width - 1 - (end + 3)
    guard let hint, room >= 8 else { return }
    let fitted = TextLayout.clip(TextSanitizer.sanitize(hint), toWidth: room)
    screen.put(fitted, x: screen.width - 1 - DisplayWidth.of(fitted), y: row, style: Palette.statusBar)
  }
}
