import Foundation
import PostgresNIO
import ShopCatalog
import TestSupport
import Testing

@testable import PostgresCatalog

/// A row any client writes gets its keys from the server's trigger (``PostgresRowKeys``), by rules that must agree
/// with the import's, which are the in-memory catalogue's: compared side by side, key by key.
@Suite("Keys the server computes for rows any client writes")
struct PostgresRowKeysTests {
  /// The derived columns, as compared.
  static let keyColumns = "price_up, price_down, title_key, search, shop_group, price_group, title_group, extra_group"

  /// A session on the fixture's catalogue that may write, as another client's.
  static func writer(_ fixture: PostgresFixture) throws -> PostgresSession {
    var address = try PostgresAddress.reading(fixture.address)
    address.schema = PostgresSchema.defaultSchema
    return try PostgresSession.connect(address, readOnly: false)
  }

  /// Copies every imported row with its plain fields alone, as a client's INSERT, and names each copy whose keys
  /// differ from its original's.
  static func copiesDiffering(_ fixture: PostgresFixture) throws -> [String] {
    let imported = fixture.items.count
    try TestServer.psql(
      fixture.address,
      """
      INSERT INTO waterfall.items (w, h, img, price, title, shop, extra)
      SELECT w, h, img, price, title, shop, extra FROM waterfall.items ORDER BY id
      """)
    let differing = try TestServer.psql(
      fixture.address,
      """
      SELECT string_agg(format('%s %L: %L / %L', a.id, a.title, replace(a.search, E'\\n', '|'), replace(b.search, E'\\n', '|')), E'\\n' ORDER BY a.id)
      FROM waterfall.items AS a JOIN waterfall.items AS b ON b.id = a.id + \(imported)
      WHERE (a.\(keyColumns.replacingOccurrences(of: ", ", with: ", a.")))
        IS DISTINCT FROM (b.\(keyColumns.replacingOccurrences(of: ", ", with: ", b.")))
      """)
    #expect(try TestServer.psql(fixture.address, "SELECT count(*) FROM waterfall.items") == String(2 * imported))
    return differing.isEmpty ? [] : differing.split(separator: "\n").map(String.init)
  }

  @Test("a plain INSERT of each imported row's fields gets the keys the import gave it (random shop items)")
  func copiesOfRandomItems() throws {
    let words =
      PostgresFixture.words + ["İstanbul", "ΣΟΦΙΑ", "ﬁne", "Straße", "가방", "が", "٣٤ item", "🛍️ bag", "x\u{200B}y"]
    guard let fixture = try PostgresFixture(count: 600, seed: 51, words: words) else { return }
    let differing = try Self.copiesDiffering(fixture)
    #expect(differing.isEmpty, "\(differing.count) rows differ: \(differing.prefix(5))")
  }

  @Test("every price notation is read by the server as PriceValue reads it, to the same double")
  func priceNotations() throws {
    guard let fixture = try PostgresFixture(count: 1, seed: 52) else { return }
    let session = try Self.writer(fixture)
    defer { session.close() }
    var differing: [String] = []
    for (text, _) in PriceNotations.cases + [("¥99-199", nil), ("2 for ¥99", nil), ("Rs.1,299", nil), ("x.5", nil)] {
      let row = try session.rows(
        "INSERT INTO items (w, h, price) VALUES (1, 1, \(text)) RETURNING price_up, price_down, price_group")
      let (up, down, group) = try row[0].decode((Double, Double, String?).self)
      let expected = PostgresRowValues.priceUp(text)
      let expectedDown = expected == .infinity ? .infinity : -expected
      if up != expected || down != expectedDown || group != PostgresRowValues.groupValue(text) {
        differing.append("\(text): server \(up), \(down), \(group ?? "nil"); import \(expected)")
      }
    }
    #expect(differing.isEmpty, "\(differing)")
  }

  @Test("titles from every script fold and key as the import folds and keys them")
  func foldingAndTitleKeys() throws {
    guard let fixture = try PostgresFixture(count: 1, seed: 53) else { return }
    let session = try Self.writer(fixture)
    defer { session.close() }
    var titles = [
      "", "   ", "Café au lait", "CAFÉ", "ＡＢＣ１２３", "ﬁne ﬂour", "Straße ẞ", "İIıi", "ΣΟΦΙΑ σοφια", "Привет", "가방 한국",
      "がぎぐ パピプ", "新品羊毛衫", "٣٤٥ Arabic digits", "item 7", "item 007", "item 0", "item 000", "x 123456789012345678 y",
      "9 tail", "a\tb\nc\r\nd", "zero\u{200B}width", "bidi\u{202E}mark", "soft\u{00AD}hyphen", "🛍️ bag 👩‍👩‍👧",
      "e\u{0301}t\u{0301}e\u{0301}",
      "Ⅻ roman", "½ half", "№ 5", "㎏ unit", "\u{1D400}\u{1D401} math", "\u{3000}ideographic space\u{3000}",
    ]
    // Random strings from a spread of scalars across the planes.
    var random = SeededGenerator(seed: 54)
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x24F, 0x370...0x52F, 0x1E00...0x1FFF, 0x2000...0x2BFF, 0x3000...0x30FF, 0xAC00...0xACFF,
      0xFF00...0xFFEF, 0x1D400...0x1D7FF, 0x1F300...0x1F6FF,
    ]
    for _ in 0..<300 {
      var title = ""
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let pool = pools.randomElement(using: &random)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)) { title.unicodeScalars.append(scalar) }
      }
      titles.append(title)
    }
    var differing: [String] = []
    for title in titles {
      let row = try session.rows(
        "INSERT INTO items (w, h, title, shop) VALUES (1, 1, \(title), \(title)) RETURNING title_key, search, title_group"
      )
      let (key, search, group) = try row[0].decode((ByteBuffer, String, String?).self)
      let item = ShopItem(width: 1, height: 1, price: "", title: title, shop: title)
      if Array(buffer: key) != ItemKeys.titleSortKey(title) || search != ItemKeys.searchText(of: item)
        || group != PostgresRowValues.groupValue(title)
      {
        differing.append(
          "\(title.unicodeScalars.map { String($0.value, radix: 16) }): server \(search.debugDescription)")
      }
    }
    #expect(differing.isEmpty, "\(differing.count) of \(titles.count) differ: \(differing.prefix(5))")
  }
}
