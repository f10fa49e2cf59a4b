import Foundation
import PostgresCatalog
import ShopCatalog
import TestSupport
import Testing

/// Random shop items with what search, sorting and sections care about (accents, widths, CJK, digit runs, price
/// notations, blank shops, an extra field some lack, a backslash and a tab for COPY), written as a dataset and
/// imported into a database of its own.
final class PostgresFixture {
  let folder: String
  let dataset: String
  let address: String
  /// The items as the dataset reader reads them back: the oracle's catalogue.
  let items: [ShopItem]
  let summary: PostgresImport.Summary

  /// The shared random words, and a backslash and a tab for COPY.
  static let words = RandomShopDataset.words + ["50%_off", "back\\slash", "tab\there"]

  init?(count: Int, seed: UInt64, words: [String] = PostgresFixture.words) throws {
    guard let address = try TestServer.freshDatabase() else { return nil }
    self.address = address
    folder = NSTemporaryDirectory() + "waterfall-postgres-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    dataset = folder + "/items.jsonl"
    try RandomShopDataset.write(count: count, seed: seed, words: words, to: dataset)
    items = try DatasetLoader.load(path: dataset).files.flatMap(\.items)
    summary = try PostgresImport.run(sources: [dataset], address: address)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }
}
