import ShopCatalog

/// What the facet panel asks the source for: one field's values over one result.
public struct FacetRequest: Hashable, Sendable {
  public var field: ItemField
  public var query: CatalogueQuery
  public var limit: Int
}

/// The facet panel's counts, field by field as they come, for the result shown when they were asked.
struct FacetPanel: Hashable {
  var query: CatalogueQuery
  var counts: [ItemField: FacetCounts] = [:]

  /// Values named per field; the rest are summed in one line.
  static let valuesShown = 30

  /// The panel's lines: per field its name, then each value with a bar as long as its share of the largest and
  /// its count (`Alpha Atelier  ██████  1,204`), the values beyond the limit and the items without one; a field
  /// not counted yet says so. Values are the dataset's text: made safe before they reach the screen.
  func lines(fields: [ItemField], width: Int, glyphs: Glyphs) -> [PanelLine] {
    var lines: [PanelLine] = []
    for field in fields {
      if !lines.isEmpty { lines.append(PanelLine(label: "", text: "")) }
      guard let counts = counts[field] else {
        lines.append(PanelLine(label: "\(field.name)  ", text: "counting\(glyphs.ellipsis)"))
        continue
      }
      lines.append(PanelLine(label: "\(field.name)  ", text: "\(counts.total.grouped) items"))
      let largest = max(1, counts.values.first?.count ?? 1)
      let barWidth = max(4, min(20, width / 4))
      let nameWidth = max(8, width - barWidth - 12)
      for value in counts.values {
        let name = TextLayout.clip(
          TextSanitizer.sanitize(value.value, limit: 200), toWidth: nameWidth, ellipsis: glyphs.ellipsis)
        let bar = String(repeating: glyphs.bar, count: max(1, value.count * barWidth / largest))
        lines.append(PanelLine(label: "", text: Self.padded(name, nameWidth) + " " + bar + " " + value.count.grouped))
      }
      if counts.otherValues > 0 {
        lines.append(
          PanelLine(label: "", text: "\(counts.otherValues.grouped) other values: \(counts.otherItems.grouped) items"))
      }
      if counts.missing > 0 {
        lines.append(PanelLine(label: "", text: "(no \(field.name)): \(counts.missing.grouped) items"))
      }
    }
    lines.append(PanelLine(label: "", text: ""))
    lines.append(PanelLine(label: "", text: "& narrows: shop:NAME, price<200, -word (F closes)"))
    return lines
  }

  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
  }
}

extension Viewer {
  /// `F`, or a new result shown while the panel is open: each `--facets` field counted over the result shown.
  func countFacets() {
    let query = presentation.query
    state.facets = FacetPanel(query: query)
    for field in options.facets {
      emit(.countFacet(FacetRequest(field: field, query: query, limit: FacetPanel.valuesShown)))
    }
  }

  /// A field's counts; an answer for a result no longer shown is dropped.
  func facetCounted(_ request: FacetRequest, _ counts: FacetCounts) {
    guard state.facets?.query == request.query else { return }
    state.facets?.counts[request.field] = counts
  }
}
