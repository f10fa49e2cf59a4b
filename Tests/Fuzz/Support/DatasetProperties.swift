import ShopCatalog

/// What must hold for any bytes given to a dataset reader (and the item decoder behind it):
/// - it returns items and problems, or throws an error naming the file with a reason, never anything else;
/// - every problem names the file, an item (or line) that exists, a field and what is wrong; every skipped item
///   has at least one problem, and every item that was kept has sides within the allowed range;
/// - each item's record number leads back to a record of the file, in order;
/// - the items it returns, written back out in the same format, read back as the same items with no problems.
public enum DatasetProperties {
  static let fileName = "fuzz-input"

  public static func check(_ bytes: [UInt8], format: DatasetFormat) {
    let dataset: Dataset
    do {
      dataset = try DatasetLoader.read(bytes: bytes, format: format, file: fileName)
    } catch {
      fuzzCheck(error.file == fileName, "the error names \(error.file), not the file")
      fuzzCheck(!error.reason.isEmpty, "an error without a reason")
      return
    }
    let items = dataset.items
    fuzzCheck(dataset.files.count == 1, "one file read gave \(dataset.files.count) files")
    let numbered = Set(dataset.problems.map(\.item))
    fuzzCheck(numbered.count == dataset.skippedItems, "\(dataset.skippedItems) skipped, problems for \(numbered)")
    for problem in dataset.problems {
      fuzzCheck(problem.file == fileName, "a problem names \(problem.file)")
      fuzzCheck(
        (1...(items.count + dataset.skippedItems)).contains(problem.item),
        "problem for item \(problem.item) of \(items.count + dataset.skippedItems)")
      fuzzCheck(!problem.field.isEmpty && !problem.message.isEmpty, "an empty problem: \(problem)")
    }
    for item in items {
      fuzzCheck((1...100_000).contains(item.width) && (1...100_000).contains(item.height), "kept \(item)")
      fuzzCheck(item.sourceFile == fileName, "an item from \(item.sourceFile)")
    }
    // Each item leads back to its own record (what --pick prints): places in the file, in order.
    let places = items.map(\.recordNumber)
    fuzzCheck(
      zip(places, places.dropFirst()).allSatisfy { $0 < $1 }
        && places.allSatisfy { (1...(items.count + dataset.skippedItems)).contains($0) },
      "record numbers \(places) of \(items.count + dataset.skippedItems) records")
    guard !items.isEmpty else { return }
    let written = DatasetWriter.write(items, as: format)
    let reread: Dataset
    do {
      reread = try DatasetLoader.read(bytes: written, format: format, file: fileName)
    } catch {
      fuzzCheck(false, "its own items, written as \(format), do not read back: \(error)")
      return
    }
    fuzzCheck(reread.problems.isEmpty, "its own items read back with problems: \(reread.problems)")
    // The same items; their records' places change when skipped ones are not written back.
    let content = { (items: [ShopItem]) in
      items.map { item in
        var item = item; item.recordNumber = 0; return item
      }
    }
    fuzzCheck(
      content(reread.items) == content(items),
      "the items changed in a round trip through \(format):\n\(items)\n\(reread.items)")
  }
}
