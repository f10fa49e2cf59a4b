import ShopCatalog
import Testing
import WaterfallViewer

/// A measured stretch keeps its titles as one UTF-8 buffer (no string per item): what it gives back, and the
/// display items made from it, must be what the titles one by one give.
@Suite("A measured stretch's shapes, column-wise")
struct MeasuredShapesTests {
  static let shapes = MeasuredDisplayItemTests.titles.enumerated().map { offset, title in
    ItemShape(width: Double(100 + offset), height: Double(37 * offset + 1), title: title)
  }

  @Test("each shape comes back as it went in, across appended stretches")
  func roundTrip() {
    var whole = MeasuredShapes(Self.shapes.prefix(5))
    whole.append(contentsOf: MeasuredShapes(Self.shapes.dropFirst(5)))
    #expect(whole.count == Self.shapes.count)
    #expect(whole.shapes == Self.shapes)
  }

  @Test("the display items of a stretch are each shape's own")
  func displayItemsAsOneByOne() {
    let measured = DisplayItem.measured(MeasuredShapes(Self.shapes))
    let oneByOne = Self.shapes.map(DisplayItem.init)
    #expect(measured.count == oneByOne.count)
    for (got, expected) in zip(measured, oneByOne) {
      #expect(got.titleWidth == expected.titleWidth)
      #expect(got.look == expected.look)
      #expect(got.aspectRatio == expected.aspectRatio)
    }
  }

  @Test("the catalogue's measure gives its items' shapes in the result's order")
  func catalogueMeasure() throws {
    let items = Self.shapes.map { ShopItem(width: $0.width, height: $0.height, price: "¥1", title: $0.title) }
    let catalogue = ItemCatalogue(items: items, pageSize: 4)
    let query = CatalogueQuery(order: .title)
    guard case .stretch(let stretch) = catalogue.measure(MeasureRequest(query: query, limit: 1_000)) else {
      Issue.record("the catalogue did not measure")
      return
    }
    let ordered = ItemOrder.title.orderedIndices(items).map { Self.shapes[$0] }
    #expect(stretch.items.shapes == ordered)
  }
}
