import ShopCatalog

/// What must hold for any bytes a feed's server sends (``FeedPageBody/read(bytes:address:)``):
/// - it returns items and problems, or throws an error naming the address with a reason, never anything else;
/// - every item has an identity beside it, and sides within range; every problem names the address, an element
///   that exists, a field and what is wrong;
/// - the items, written back as a JSON array, read back as the same items with the same identities.
public enum FeedBodyProperties {
  static let address = "http://fuzz.test/feed"

  public static func check(_ bytes: [UInt8]) {
    let page: FeedPageBody
    do {
      page = try FeedPageBody.read(bytes: bytes, address: address)
    } catch {
      fuzzCheck(error.file == address, "the error names \(error.file), not the address")
      fuzzCheck(!error.reason.isEmpty, "an error without a reason")
      return
    }
    fuzzCheck(page.identities.count == page.items.count, "\(page.items.count) items, \(page.identities.count) ids")
    let elements = page.items.count + Set(page.problems.map(\.item)).count
    for problem in page.problems {
      fuzzCheck(problem.file == address, "a problem names \(problem.file)")
      fuzzCheck((1...elements).contains(problem.item), "problem for element \(problem.item) of \(elements)")
      fuzzCheck(!problem.field.isEmpty && !problem.message.isEmpty, "an empty problem: \(problem)")
    }
    for item in page.items {
      fuzzCheck((1...100_000).contains(item.width) && (1...100_000).contains(item.height), "kept \(item)")
    }
    guard !page.items.isEmpty else { return }
    let written = DatasetWriter.write(page.items, as: .json)
    do {
      let reread = try FeedPageBody.read(bytes: written, address: address)
      fuzzCheck(reread.problems.isEmpty, "its own items read back with problems: \(reread.problems)")
      fuzzCheck(reread.items.map(\.title) == page.items.map(\.title), "the titles changed in a round trip")
      fuzzCheck(reread.items.count == page.items.count, "the items changed in a round trip")
    } catch {
      fuzzCheck(false, "its own items, written as JSON, do not read back: \(error)")
    }
  }
}
