import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Reading datasets in every accepted format")
struct DatasetFormatTests {
  @Test(
    "the originals' three plists load unchanged: 50 items each",
    .enabled(if: SharedData.isPresent, "../shared/datasets/mogujie-shop is absent: nothing to compare against"))
  func originalPlists() throws {
    for page in 1...3 {
      let path = SharedData.mogujieDirectory + "/\(page).plist"
      let dataset = try DatasetLoader.load(path: path)
      #expect(dataset.itemCount == 50, "\(path)")
      #expect(dataset.problems.isEmpty, "\(dataset.problems)")
      let first = try #require(dataset.items.first)
      #expect(first.width == 200 && first.height > 0 && first.price.hasPrefix("¥"))
      #expect(first.imageURL.hasPrefix("http://"))
    }
    let whole = try DatasetLoader.load(path: SharedData.mogujieDirectory)
    #expect(whole.files.map { ($0.path as NSString).lastPathComponent } == ["1.plist", "2.plist", "3.plist"])
    let catalogue = try CatalogueReading.open(path: SharedData.mogujieDirectory, pageSize: 7)
    catalogue.waitUntilComplete()
    #expect(SourceWalk.pages(catalogue).pages.map(\.items.count) == [50, 50, 50], "a directory pages by file")
  }

  @Test("the bundled catalogue: at least 150 items, varied shapes, mixed-script titles")
  func bundledCatalogue() throws {
    let directory = try #require(BundledCatalogue.locate())
    let dataset = try DatasetLoader.load(path: directory)
    #expect(dataset.itemCount >= 150)
    #expect(dataset.problems.isEmpty)
    let ratios = dataset.items.map(\.aspectRatio)
    #expect(ratios.contains { $0 > 3 } && ratios.contains { $0 < 0.25 } && ratios.contains(1))
    let titles = dataset.items.map(\.title)
    #expect(titles.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
    #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    #expect(titles.contains { $0.count > 80 })
    let catalogue = try CatalogueReading.open(path: directory, pageSize: 50)
    catalogue.waitUntilComplete()
    #expect(SourceWalk.pages(catalogue).pages.count == dataset.files.count)
  }

  @Test("JSON, JSON Lines and CSV with every field alias, numeric strings and extra fields")
  func formatsAndAliases() throws {
    let folder = TemporaryDirectory()
    let json = folder.write(
      "items.json",
      #"[{"width": 300, "height": "450.5", "image": "a.jpg", "price": 12.5, "name": "雨伞 ☂️", "color": "red"},"#
        + #" {"w": 1, "h": 2, "url": "b", "price": "¥3", "title": "x", "stock": 4, "tags": ["a", 1]}]"#)
    let data = try DatasetLoader.load(path: json)
    #expect(data.itemCount == 2 && data.problems.isEmpty)
    let first = data.items[0]
    #expect(first.width == 300 && first.height == 450.5 && first.imageURL == "a.jpg")
    #expect(first.price == "12.5" && first.title == "雨伞 ☂️")
    #expect(first.extraFields == [ExtraField(key: "color", value: "red")])
    #expect(data.items[1].extraFields.map(\.key) == ["stock", "tags"])
    #expect(data.items[1].extraFields[1].value == "[a, 1]")

    let lines = folder.write(
      "items.jsonl", "{\"w\":2,\"h\":3,\"price\":\"¥1\"}\n\n{\"w\":4,\"h\":5,\"price\":\"¥2\"}\n")
    #expect(try DatasetLoader.load(path: lines).items.map(\.width) == [2, 4])

    let csv = folder.write(
      "items.csv", "w,h,price,title,img\r\n200,300,¥5,\"quoted, with comma\",u\n100,\" 50 \",¥6,\"say \"\"hi\"\"\",v\n")
    let table = try DatasetLoader.load(path: csv)
    #expect(table.items.map(\.title) == ["quoted, with comma", "say \"hi\""])
    #expect(table.items[1].height == 50)
  }

  @Test(
    "CSV that RFC 4180 calls malformed reads as Python's csv module reads it: text after a closing quote joins the field"
  )
  func csvTextAfterClosingQuote() throws {
    let table = try DatasetLoader.read(
      bytes: Array("w,h,price,title,note\n1,2,3,\"ab\"cd,a\"b\"\n1,2,3,\"\"x,\"\"\"\"\n".utf8), format: .csv,
      file: "t.csv")
    #expect(table.items.map(\.title) == ["abcd", "x"])
    #expect(table.items.map { $0.extraFields.map(\.value) } == [["a\"b\""], ["\""]])
    #expect(table.problems.isEmpty)
  }

  @Test("a binary plist's title that starts with U+FEFF keeps it, as the file has it")
  func plistLeadingByteOrderMark() throws {
    // The fuzzer's finding (Tests/Fuzz/Corpus/plist/leading-feff-title.bplist): its round trip wrote the item
    // back as an XML plist, and Foundation drops a U+FEFF that starts an XML string. The reader keeps it.
    let title = "\u{FEFF}\u{F215}nimal"
    let record: [String: Any] = ["w": 3, "h": 4, "price": "5", "title": title]
    let bytes = try PropertyListSerialization.data(fromPropertyList: [record], format: .binary, options: 0)
    let found = try DatasetLoader.read(bytes: [UInt8](bytes), format: .plist, file: "t.plist")
    #expect(found.items.map { Array($0.title.unicodeScalars) } == [Array(title.unicodeScalars)])
    #expect(found.problems.isEmpty)
  }

  @Test("a quote followed by a combining mark is still a quote: a field holding one reads back when written quoted")
  func csvQuoteBeforeCombiningMark() throws {
    // The fuzzer's finding (Tests/Fuzz/Corpus/csv/text-after-closing-quote.csv): `"` + U+0657 is one Character,
    // so quotes doubled Character by Character missed it; the reader works on scalars and must keep it.
    let value = "a\nb\rMay \"\u{0657}i\"\""
    let found = try DatasetLoader.read(
      bytes: Array("w,h,price,note\r\n3,4,5,\"a\nb\"\rMay \"\u{0657}i\"\"\r\n".utf8), format: .csv, file: "t.csv")
    #expect(found.items.map { $0.extraFields.map(\.value) } == [[value]])
    var quoted = "\""
    for scalar in value.unicodeScalars {
      if scalar == "\"" { quoted += "\"" }
      quoted.unicodeScalars.append(scalar)
    }
    let written = try DatasetLoader.read(
      bytes: Array("w,h,price,note\r\n3,4,5,\(quoted)\"\r\n".utf8), format: .csv, file: "t.csv")
    #expect(written.items == found.items)
  }

  @Test("a directory of pages is ordered naturally: 1, 2, …, 10")
  func naturalOrder() throws {
    let folder = TemporaryDirectory()
    for page in [10, 2, 1, 9] {
      folder.write("\(page).json", "[{\"w\": \(page), \"h\": 1, \"price\": \"¥1\"}]")
    }
    folder.write("notes.txt", "ignored")
    let dataset = try DatasetLoader.load(path: folder.path)
    #expect(dataset.items.map(\.width) == [1, 2, 9, 10])
  }

  @Test("a single file is served in pages of the page size")
  func pagesOfSingleFile() throws {
    let folder = TemporaryDirectory()
    let rows = (1...120).map { "{\"w\": \($0), \"h\": 1, \"price\": \"1\"}" }.joined(separator: ",")
    let catalogue = try CatalogueReading.open(path: folder.write("big.json", "[\(rows)]"), pageSize: 50)
    let pages = SourceWalk.pages(catalogue).pages
    #expect(pages.map(\.items.count) == [50, 50, 20])
    #expect(pages[1].items.first?.width == 51)
  }
}
