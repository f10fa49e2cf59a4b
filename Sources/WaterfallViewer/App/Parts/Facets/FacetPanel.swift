import ShopCatalog

/// What the facet panel asks the source for: one field's values over one result.
public struct FacetRequest: Hashable, Sendable {
  public var field: ItemField
  public var query: CatalogueQuery
  public var limit: Int

  /// Values asked for per field: enough to draw a field of numbers' bands from.
  public static let valuesCounted = 20_000
}

/// One line of the panel that can be chosen (Enter, Space): a value of a field, or a band of a field of numbers.
struct FacetChoice: Hashable {
  var field: ItemField
  /// As the filter language writes it after `field=`: `"Alpha Atelier"`, `100..<250`.
  var text: String
  /// What the language reads it as, to tell whether the filter chooses it already.
  var test: FieldCondition.Test
}

/// The facet panel: its counts, field by field as they come, and the line the cursor is on. A field's values are
/// counted over the result as it would be without that field's own choice (the others' apply), so that its other
/// values stay in view to be chosen too; counts stay shown until the new ones come.
struct FacetPanel: Hashable {
  /// The result shown when the counts were asked.
  var query: CatalogueQuery
  var requests: [ItemField: FacetRequest] = [:]
  private(set) var counts: [ItemField: FacetCounts] = [:]
  /// A field of numbers' bands, drawn once when its counts come (not on every frame).
  private(set) var bands: [ItemField: NumberBands] = [:]
  /// The request each field's counts answer: one that is not its request now is being counted again.
  private(set) var answered: [ItemField: FacetRequest] = [:]
  /// The choice the cursor is on: it stays on it while the values move as their counts change.
  var cursorChoice: FacetChoice?
  /// Where it was among the choosable lines, for when its choice is gone.
  var cursorPlace = 0

  /// The cursor's place among `choices`.
  func cursor(among choices: [(line: Int, choice: FacetChoice)]) -> Int {
    choices.firstIndex { $0.choice == cursorChoice } ?? min(cursorPlace, max(0, choices.count - 1))
  }

  /// Values named per field; the rest are summed in one line.
  static let valuesShown = 30

  /// A field's counts as they come, for `request` (nil: for what it asks now).
  mutating func record(_ counts: FacetCounts, for request: FacetRequest? = nil) {
    let field = counts.field
    self.counts[field] = counts
    bands[field] = NumberBands(counts)
    answered[field] = request ?? requests[field]
  }

  /// The requests for `fields` over `query`, each field's own choice left out of its filter.
  static func requests(for fields: [ItemField], over query: CatalogueQuery) -> [ItemField: FacetRequest] {
    let pattern = query.filter?.pattern ?? ""
    var requests: [ItemField: FacetRequest] = [:]
    for field in fields {
      let filter = ItemQuery(FilterLanguage.withoutChoice(of: field, in: pattern))
      requests[field] = FacetRequest(
        field: field, query: CatalogueQuery(filter: filter), limit: FacetRequest.valuesCounted)
    }
    return requests
  }

  /// The layout the viewer shows: `panel` (none yet: every field counting) for the `--facets` fields.
  static func layout(
    of panel: FacetPanel?, options: ViewerOptions, pattern: String, width: Int
  ) -> (lines: [PanelLine], choices: [(line: Int, choice: FacetChoice)]) {
    (panel ?? FacetPanel(query: CatalogueQuery())).layout(
      fields: options.facets, pattern: pattern, width: width, glyphs: options.glyphs)
  }

  /// The panel's lines and, in order, the lines that can be chosen. Per field: its name, then each value (or band)
  /// with a mark when `pattern` chooses it, a bar as long as its share of the largest and its count
  /// (`✓ Alpha Atelier  ██████  1,204`), the values beyond the limit and the items without one; a field not counted
  /// yet says so. Values are the dataset's text: made safe before they reach the screen.
  func layout(
    fields: [ItemField], pattern: String, width: Int, glyphs: Glyphs
  ) -> (lines: [PanelLine], choices: [(line: Int, choice: FacetChoice)]) {
    var lines: [PanelLine] = []
    var choices: [(line: Int, choice: FacetChoice)] = []
    for field in fields {
      if !lines.isEmpty { lines.append(PanelLine(label: "", text: "")) }
      guard let counts = counts[field] else {
        lines.append(PanelLine(label: "\(field.name)  ", text: "counting\(glyphs.ellipsis)"))
        continue
      }
      let chosen = FilterLanguage.chosen(for: field, in: pattern)
      let bands = bands[field]
      let recounting = answered[field] != requests[field] ? " (counting\(glyphs.ellipsis))" : ""
      lines.append(
        PanelLine(
          label: "\(field.name)  ",
          text: "\(counts.total.grouped) items" + (bands == nil ? "" : ", in bands") + recounting))
      let rows = Self.rows(of: field, counts: counts, bands: bands, chosen: chosen)
      let largest = max(1, rows.map(\.count).max() ?? 1)
      let barWidth = max(4, min(20, width / 4))
      let nameWidth = max(8, width - barWidth - 14)
      let canChoose = FilterLanguage.canName(field)
      for row in rows {
        let name = TextLayout.clip(
          TextSanitizer.sanitize(row.name, limit: 200), toWidth: nameWidth, ellipsis: glyphs.ellipsis)
        let bar = String(repeating: glyphs.bar, count: row.count == 0 ? 0 : max(1, row.count * barWidth / largest))
        let isChosen = row.choice.map { choice in chosen.contains { $0.test == choice.test } } ?? false
        let mark = isChosen ? glyphs.pickMark + " " : "  "
        if canChoose, let choice = row.choice { choices.append((lines.count, choice)) }
        lines.append(
          PanelLine(
            label: "",
            text: mark + Self.padded(name, nameWidth) + " " + Self.padded(bar, barWidth) + " "
              + row.count.grouped))
      }
      if bands == nil, counts.otherValues > 0 || counts.values.count > Self.valuesShown {
        let others = counts.values.dropFirst(Self.valuesShown)
        let values = counts.otherValues + others.count
        let items = counts.otherItems + others.reduce(0) { $0 + $1.count }
        lines.append(PanelLine(label: "", text: "  \(values.grouped) other values: \(items.grouped) items"))
      }
      if let bands, bands.unreadable > 0 {
        lines.append(PanelLine(label: "", text: "  not a number: \(bands.unreadable.grouped) items"))
      }
      if counts.missing > 0 {
        lines.append(PanelLine(label: "", text: "  (no \(field.name)): \(counts.missing.grouped) items"))
      }
    }
    lines.append(PanelLine(label: "", text: ""))
    lines.append(
      PanelLine(label: "", text: "Enter, Space or a click chooses a value (several: any of them); & edits the filter"))
    return (lines, choices)
  }

  /// The values (or bands) of a field to list, each with its count and the choice it is; then any value chosen
  /// that they do not hold, listed while it is chosen, to be let go of, though the other choices leave it no item.
  private static func rows(
    of field: ItemField, counts: FacetCounts, bands: NumberBands?, chosen: [FieldCondition.Alternative]
  ) -> [(name: String, count: Int, choice: FacetChoice?)] {
    func choice(_ text: String?) -> FacetChoice? {
      guard let text, let test = FilterLanguage.test(ofChoice: text) else { return nil }
      return FacetChoice(field: field, text: text, test: test)
    }
    var rows: [(name: String, count: Int, choice: FacetChoice?)] =
      if let bands {
        bands.bands.map { (name(of: $0.range), $0.count, choice($0.filterText)) }
      } else {
        counts.values.prefix(valuesShown).map {
          ($0.value, $0.count, choice(FilterLanguage.choiceText(ofValue: $0.value)))
        }
      }
    for alternative in chosen where !rows.contains(where: { $0.choice?.test == alternative.test }) {
      switch alternative.test {
      case .number(let range):
        rows.append((name(of: range), bands?.count(in: range) ?? 0, choice(alternative.typedValue)))
      case .equals, .holds:
        rows.append((alternative.typedValue, 0, choice(FilterLanguage.choiceText(ofValue: alternative.typedValue))))
      }
    }
    return rows
  }

  /// A band as a shopper reads it, in the status bar's words: `under 100`, `100 to under 250`, `250 or more`.
  static func name(of range: NumberRange) -> String { range.words }

  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }
}

extension Viewer {
  /// `F` (`afresh`: every field counted again, for rows read since), or a new result shown while the panel is open:
  /// each `--facets` field counted over the result shown (but for its own choice). A field whose request is the one
  /// asked already, answered or on its way, is not asked again; counts stay until their new ones come.
  func countFacets(afresh: Bool = false) {
    let query = presentation.query
    let requests = FacetPanel.requests(for: options.facets, over: query)
    var panel = state.facets ?? FacetPanel(query: query)
    panel.query = query
    for (field, request) in requests where afresh || panel.requests[field] != request {
      emit(.countFacet(request))
    }
    panel.requests = requests
    state.facets = panel
  }

  /// The facet panel is open and every field's counts answer what it asks now (for a benchmark to wait on).
  public var facetsAreCounted: Bool {
    guard state.panel.overlay == .facets, let facets = state.facets else { return false }
    return options.facets.allSatisfy { facets.answered[$0] != nil && facets.answered[$0] == facets.requests[$0] }
  }

  /// A field's counts; an answer for a request no longer wanted is dropped.
  func facetCounted(_ request: FacetRequest, _ counts: FacetCounts) {
    guard state.facets?.requests[request.field] == request else { return }
    state.facets?.record(counts, for: request)
  }

  /// The facet panel as it is laid out now: its lines and the lines that can be chosen.
  var facetLayout: (lines: [PanelLine], choices: [(line: Int, choice: FacetChoice)]) {
    FacetPanel.layout(
      of: state.facets, options: options, pattern: organiser.latestQuery.filter?.pattern ?? "",
      width: OverlayPanel.innerWidth(screenWidth: state.screenSize.width))
  }

  /// A key on the open facet panel: the cursor moves over the values, Enter or Space chooses the value under it
  /// (or lets it go). False when the key is not one of these: the panel's other keys apply.
  func handleFacetKey(_ key: Key) -> Bool {
    let choices = facetLayout.choices
    guard !choices.isEmpty, var panel = state.facets else { return false }
    let last = choices.count - 1
    var cursor = panel.cursor(among: choices)
    switch key {
    case .enter, .character(" "):
      toggle(choices[cursor].choice)
      return true
    case .down, .character("j"): cursor = min(cursor + 1, last)
    case .up, .character("k"): cursor = max(cursor - 1, 0)
    case .home, .character("g"): cursor = 0
    case .end, .character("G"): cursor = last
    default: return false
    }
    (panel.cursorPlace, panel.cursorChoice) = (cursor, choices[cursor].choice)
    state.facets = panel
    keepFacetCursorInView()
    return true
  }

  /// A click on the open facet panel: on a value, the cursor goes there and the value is chosen (or let go of);
  /// elsewhere inside the panel, nothing. False outside it, where a click closes it as it closes any panel.
  func clickFacet(at mouse: MouseEvent) -> Bool {
    let panel = overlayPanel
    guard (panel.x..<(panel.x + panel.width)).contains(mouse.x), (panel.y..<(panel.y + panel.height)).contains(mouse.y)
    else { return false }
    let row = mouse.y - (panel.y + 2)
    let bodyLine = min(state.panel.scroll, panel.maximumScroll) + row
    let choices = facetLayout.choices
    guard (0..<panel.visibleRows).contains(row),
      let place = choices.firstIndex(where: { panel.bodyLine(ofLine: $0.line) == bodyLine })
    else { return true }
    state.facets?.cursorPlace = place
    state.facets?.cursorChoice = choices[place].choice
    toggle(choices[place].choice)
    return true
  }

  /// The panel scrolled so that the cursor's line shows (after a move, or a resize that wrapped it anew).
  func keepFacetCursorInView() {
    let choices = facetLayout.choices
    guard let facets = state.facets, !choices.isEmpty else { return }
    let panel = overlayPanel
    guard let body = panel.bodyLine(ofLine: choices[facets.cursor(among: choices)].line), panel.visibleRows > 0
    else { return }
    let scroll = min(state.panel.scroll, panel.maximumScroll)
    if body < scroll {
      state.panel.scroll(by: body - state.panel.scroll, maximumScroll: panel.maximumScroll)
    } else if body >= scroll + panel.visibleRows {
      state.panel.scroll(by: body - state.panel.scroll - panel.visibleRows + 1, maximumScroll: panel.maximumScroll)
    }
  }

  /// The filter with `choice` chosen, or no longer chosen: the grid and the counts follow.
  private func toggle(_ choice: FacetChoice) {
    let pattern = organiser.latestQuery.filter?.pattern ?? ""
    let toggled = FilterLanguage.toggling(choice.text, of: choice.field, in: pattern)
    run(organiser.update(.filter(toggled)).commands)
  }
}
