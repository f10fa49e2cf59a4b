import CSubstring
import Foundation

/// Items kept the way a column store keeps rows: the text of every item in one UTF-8 buffer with offsets, picture
/// sides as 32-bit floats, and the keys the whole-catalogue queries need computed once as each item arrives (the
/// price's value, the shop's number, the folded search key). A page's ``ShopItem``s are made from the columns
/// when it is asked for; nothing else holds a Swift string per item, so a million items cost about a hundred
/// bytes each instead of several hundred, and a sort compares integers, not strings.
struct ItemColumns: Sendable {
  /// The text fields of an item, in their order in ``text``.
  enum TextField: Int, CaseIterable {
    case imageURL, price, title, shop
  }

  /// Bytes of text an item's offsets can reach (they are 32-bit).
  static let textCapacity = Int(UInt32.max)

  /// Every item's image URL, price, title and shop, one after the other.
  private(set) var text: [UInt8] = []
  /// `textEnds[4 * i + f]` ends text field `f` of item `i`; it starts where the field before it ends.
  private var textEnds: [UInt32] = []
  /// Width and height of each item, one after the other.
  private var sides: [Float] = []
  /// Each title's width and look (``TitleMetrics``), counted as the item arrives: what measuring a whole result
  /// copies instead of decoding every title again.
  private var titleMetrics: [TitleMetrics] = []
  /// The few sides a Float does not hold exactly, by item.
  private var exactSides: [Int: (width: Double, height: Double)] = [:]
  /// Each price's value (``PriceValue``) as a Double; NaN when unreadable.
  private(set) var priceValues: [Double] = []
  /// Items whose price has more digits than a Double keeps: equal Doubles among them are told apart exactly.
  private(set) var inexactPrices: Set<Int> = []
  /// Each item's shop as a number (equal shops, equal numbers); ``noShop`` when the shop is missing or blank.
  private(set) var shopNumbers: [UInt32] = []
  private var shopNumberOfName: [String: UInt32] = [:]
  private var lastShop: (name: [UInt8], number: UInt32)?
  /// Every item's folded search key (``ItemQuery``): title, shop, price and extra values, separated by a 0 byte.
  private(set) var searchKeys: [UInt8] = []
  private var searchKeyEnds: [UInt32] = []
  /// Extra fields as bytes (key and value, each with its length), decoded when a page is asked for; `extraEnds`
  /// stays empty until some item has extra fields.
  private var extras: [UInt8] = []
  private var extraEnds: [UInt32] = []
  private var keepsExtras = false
  /// Each item's place among its file's records (``ShopItem/recordNumber``).
  private var recordNumbers: [UInt32] = []
  /// The dataset file of the items from each index on.
  private var sourceFiles: [(start: Int, path: String)] = []
  private var folding = SearchFolding()

  static let noShop = UInt32.max

  init() {}

  var count: Int { priceValues.count }
  var isEmpty: Bool { priceValues.isEmpty }
  var shopCount: Int { shopNumberOfName.count }

  // MARK: - Adding

  /// Adds `item`; false (and nothing added) when the catalogue's text would outgrow the 32-bit offsets.
  @discardableResult
  mutating func append(_ item: ShopItem) -> Bool {
    var (url, price, title, shop) = (item.imageURL, item.price, item.title, item.shop)
    return url.withUTF8 { url in
      price.withUTF8 { price in
        title.withUTF8 { title in
          shop.withUTF8 { shop in
            append(
              width: item.width, height: item.height, imageURL: url, price: price, title: title, shop: shop,
              extraFields: item.extraFields, sourceFile: item.sourceFile, recordNumber: item.recordNumber)
          }
        }
      }
    }
  }

  /// Adds an item from its fields' valid UTF-8 bytes; false (and nothing added) when the text would outgrow the
  /// 32-bit offsets.
  @discardableResult
  mutating func append(
    width: Double, height: Double, imageURL: UnsafeBufferPointer<UInt8>, price: UnsafeBufferPointer<UInt8>,
    title: UnsafeBufferPointer<UInt8>, shop: UnsafeBufferPointer<UInt8>, extraFields: [ExtraField] = [],
    sourceFile: String, recordNumber: Int = 0
  ) -> Bool {
    let extraBytes = extraFields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 8 }
    let textBytes = imageURL.count + price.count + title.count + shop.count
    // The search key is at most a few times the text it folds; refuse well before an offset could wrap.
    guard text.count + textBytes < Self.textCapacity / 2, extras.count + extraBytes < Self.textCapacity / 2,
      searchKeys.count + 4 * (textBytes + extraBytes) < Self.textCapacity / 2
    else { return false }
    let index = count
    for field in [imageURL, price, title, shop] {
      text.append(contentsOf: field)
      textEnds.append(UInt32(text.count))
    }
    let (floatWidth, floatHeight) = (Float(width), Float(height))
    if Double(floatWidth) != width || Double(floatHeight) != height { exactSides[index] = (width, height) }
    sides.append(floatWidth)
    sides.append(floatHeight)
    titleMetrics.append(TitleMetrics(titleUTF8: title))

    let (value, exact) = PriceKey.value(ofUTF8: price)
    priceValues.append(value ?? .nan)
    if !exact { inexactPrices.insert(index) }
    shopNumbers.append(shopNumber(shop))

    folding.fold(utf8: title, into: &searchKeys)
    searchKeys.append(0)
    folding.fold(utf8: shop, into: &searchKeys)
    searchKeys.append(0)
    folding.fold(utf8: price, into: &searchKeys)
    for field in extraFields {
      searchKeys.append(0)
      folding.fold(field.value, into: &searchKeys)
    }
    searchKeyEnds.append(UInt32(searchKeys.count))

    if !extraFields.isEmpty && !keepsExtras {
      keepsExtras = true
      extraEnds = Array(repeating: 0, count: index)
    }
    if keepsExtras {
      for field in extraFields {
        appendLengthPrefixed(field.key.utf8)
        appendLengthPrefixed(field.value.utf8, marked: field.isNumber)
      }
      extraEnds.append(UInt32(extras.count))
    }
    if sourceFiles.last?.path != sourceFile { sourceFiles.append((index, sourceFile)) }
    recordNumbers.append(UInt32(clamping: recordNumber))
    return true
  }

  /// Adds every item of `other`, in order (a reader's batch): its columns copied over, its offsets moved and its
  /// shops renumbered. False (and nothing added) when the text would outgrow the 32-bit offsets.
  @discardableResult
  mutating func append(contentsOf other: ItemColumns) -> Bool {
    guard !other.isEmpty else { return true }
    guard text.count + other.text.count < Self.textCapacity / 2,
      extras.count + other.extras.count < Self.textCapacity / 2,
      searchKeys.count + other.searchKeys.count < Self.textCapacity / 2
    else { return false }
    let base = count
    let (textBase, keyBase, extraBase) = (UInt32(text.count), UInt32(searchKeys.count), UInt32(extras.count))
    text += other.text
    textEnds += other.textEnds.lazy.map { $0 + textBase }
    sides += other.sides
    titleMetrics += other.titleMetrics
    for (index, exact) in other.exactSides { exactSides[base + index] = exact }
    priceValues += other.priceValues
    for index in other.inexactPrices { inexactPrices.insert(base + index) }
    var renumbered = [UInt32](repeating: Self.noShop, count: other.shopNumberOfName.count)
    for (name, number) in other.shopNumberOfName {
      if let known = shopNumberOfName[name] {
        renumbered[Int(number)] = known
      } else {
        renumbered[Int(number)] = UInt32(shopNumberOfName.count)
        shopNumberOfName[name] = UInt32(shopNumberOfName.count)
      }
    }
    shopNumbers += other.shopNumbers.lazy.map { $0 == Self.noShop ? Self.noShop : renumbered[Int($0)] }
    lastShop = nil
    searchKeys += other.searchKeys
    searchKeyEnds += other.searchKeyEnds.lazy.map { $0 + keyBase }
    if other.keepsExtras && !keepsExtras {
      keepsExtras = true
      extraEnds = Array(repeating: 0, count: base)
    }
    if keepsExtras {
      extras += other.extras
      if !other.keepsExtras {
        extraEnds += repeatElement(extraBase, count: other.count)
      } else {
        extraEnds += other.extraEnds.lazy.map { $0 + extraBase }
      }
    }
    recordNumbers += other.recordNumbers
    for file in other.sourceFiles where sourceFiles.last?.path != file.path {
      sourceFiles.append((base + file.start, file.path))
    }
    return true
  }

  /// A field's bytes after their length; `marked` (a value that was a number) sets the length's top bit, free
  /// since the extras stay under half of 2^32 bytes.
  private mutating func appendLengthPrefixed(_ bytes: String.UTF8View, marked: Bool = false) {
    var length = (UInt32(bytes.count) | (marked ? Self.numberMark : 0)).littleEndian
    withUnsafeBytes(of: &length) { extras.append(contentsOf: $0) }
    extras.append(contentsOf: bytes)
  }

  /// The number of a shop's name, the same for equal names (as Swift compares strings: canonically equivalent
  /// texts are equal, as they are for ``ItemGroup``); ``noShop`` for a missing or blank one.
  private mutating func shopNumber(_ shop: UnsafeBufferPointer<UInt8>) -> UInt32 {
    if let last = lastShop, last.name.elementsEqual(shop) { return last.number }
    let name = String(decoding: shop, as: UTF8.self)
    let isASCII = !shop.contains { $0 >= 0x80 }
    let isBlank =
      isASCII ? !shop.contains { !(0x09...0x0D).contains($0) && $0 != 0x20 } : !name.contains { !$0.isWhitespace }
    if isBlank { return Self.noShop }
    let number: UInt32
    if let known = shopNumberOfName[name] {
      number = known
    } else {
      number = UInt32(shopNumberOfName.count)
      shopNumberOfName[name] = number
    }
    lastShop = (Array(shop), number)
    return number
  }

  // MARK: - Reading

  /// The bytes of text field `field` of item `index`.
  func textBytes(_ field: TextField, of index: Int) -> ArraySlice<UInt8> {
    let slot = 4 * index + field.rawValue
    let start = slot == 0 ? 0 : Int(textEnds[slot - 1])
    return text[start..<Int(textEnds[slot])]
  }

  func string(_ field: TextField, of index: Int) -> String {
    String(decoding: textBytes(field, of: index), as: UTF8.self)
  }

  /// Item `index` as a ``ShopItem``.
  func item(at index: Int) -> ShopItem {
    let (width, height) = exactSides[index] ?? (Double(sides[2 * index]), Double(sides[2 * index + 1]))
    var item = ShopItem(
      width: width, height: height, imageURL: string(.imageURL, of: index), price: string(.price, of: index),
      title: string(.title, of: index), shop: string(.shop, of: index), extraFields: extraFields(of: index))
    item.sourceFile = sourceFile(of: index)
    item.recordNumber = Int(recordNumbers[index])
    return item
  }

  /// Appends what the layout needs of item `index` to `shapes`: its sides and its title's metrics, counted when
  /// it was read.
  func appendShape(at index: Int, to shapes: inout MeasuredShapes) {
    // No hashing of the index where no side needed the exact table (the usual case): measuring asks for 10^6.
    let exact = exactSides.isEmpty ? nil : exactSides[index]
    let (width, height) = exact ?? (Double(sides[2 * index]), Double(sides[2 * index + 1]))
    shapes.append(width: width, height: height, title: titleMetrics[index])
  }

  /// Every item, in order.
  var items: [ShopItem] { (0..<count).map(item(at:)) }

  /// The top bit of an extra value's length: the value was a number.
  private static let numberMark: UInt32 = 1 << 31

  func extraFields(of index: Int) -> [ExtraField] {
    guard keepsExtras else { return [] }
    var position = index == 0 ? 0 : Int(extraEnds[index - 1])
    let end = Int(extraEnds[index])
    var fields: [ExtraField] = []
    func next() -> (text: String, marked: Bool) {
      var length: UInt32 = 0
      withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: extras[position..<position + 4]) }
      position += 4
      let start = position
      length = UInt32(littleEndian: length)
      position += Int(length & ~Self.numberMark)
      return (String(decoding: extras[start..<position], as: UTF8.self), length & Self.numberMark != 0)
    }
    while position < end {
      let key = next().text
      let value = next()
      fields.append(ExtraField(key: key, value: value.text, isNumber: value.marked))
    }
    return fields
  }

  func sourceFile(of index: Int) -> String {
    // The last run of items starting at or before `index`.
    var (low, high) = (0, sourceFiles.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if sourceFiles[middle].start <= index { low = middle } else { high = middle - 1 }
    }
    return sourceFiles.isEmpty ? "" : sourceFiles[low].path
  }

  /// Item `index`'s search key.
  func searchKey(of index: Int) -> ArraySlice<UInt8> { searchKeys[searchKeyRange(of: index)] }

  func searchKeyRange(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : Int(searchKeyEnds[index - 1]))..<Int(searchKeyEnds[index])
  }

  /// Whether an item matches `query`, by its index, with what can be worked out once for the query done first
  /// (``conditionCheck(for:)``): for a loop over many items.
  func matcher(for query: ItemQuery) -> (Int) -> Bool {
    guard !query.isEmpty else { return { _ in true } }
    let meetsConditions = conditionCheck(for: query)
    return { index in query.matches(key: self.searchKey(of: index)) && meetsConditions(index) }
  }

  /// Whether an item meets the pattern's conditions on fields, by its index. A condition on the shop is met or not
  /// by each shop's name, worked out once per shop, not per item (the facet panel's choices over 10^6 items); the
  /// title and price held or equalled are looked for in their part of the folded key, a price compared by its
  /// stored value; other fields read as the item's are.
  func conditionCheck(for query: ItemQuery) -> (Int) -> Bool {
    guard !query.conditions.isEmpty else { return { _ in true } }
    var folding = SearchFolding()
    var names: [String] = []
    if query.conditions.contains(where: { $0.field == .shop }) {
      names = [String](repeating: "", count: shopNumberOfName.count)
      for (name, number) in shopNumberOfName { names[Int(number)] = name }
    }
    let shopVerdicts = query.conditions.map { condition -> (named: [Bool], none: Bool)? in
      guard condition.field == .shop else { return nil }
      return (
        names.map { condition.isMet(byValue: $0, folding: &folding) }, condition.isMet(byValue: nil, folding: &folding)
      )
    }
    return { index in
      var folding = SearchFolding()
      for (condition, verdicts) in zip(query.conditions, shopVerdicts) {
        if let verdicts {
          let number = self.shopNumbers[index]
          guard number == Self.noShop ? verdicts.none : verdicts.named[Int(number)] else { return false }
        } else if !self.meets(condition, index, folding: &folding) {
          return false
        }
      }
      return true
    }
  }

  /// A condition on any field but the shop (decided per shop name above), for item `index`.
  private func meets(_ condition: FieldCondition, _ index: Int, folding: inout SearchFolding) -> Bool {
    let part: Int? =
      switch condition.field {
      case .title: 0
      case .price: 2
      case .shop, .extra: nil
      }
    guard let part else { return condition.isMet(byValue: value(of: condition.field, at: index), folding: &folding) }
    let met = condition.alternatives.contains { alternative in
      switch alternative.test {
      case .number(let range) where condition.field == .price: return range.contains(priceValues[index])
      case .holds(let text):
        return ItemQuery.firstOccurrence(of: text, in: Self.part(part, of: searchKey(of: index))) != nil
      case .equals(let text): return Self.part(part, of: searchKey(of: index)).elementsEqual(text)
      case .number: return alternative.isMet(byValue: value(of: condition.field, at: index), folding: &folding)
      }
    }
    return met != condition.isNegated
  }

  /// Part `number` of a search key: 0 the title, 1 the shop, 2 the price (``ItemQuery/appendSearchKey``).
  static func part(_ number: Int, of key: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var start = key.startIndex
    for _ in 0..<number {
      guard let end = key[start...].firstIndex(of: 0) else { return [] }
      start = end + 1
    }
    return key[start..<(key[start...].firstIndex(of: 0) ?? key.endIndex)]
  }

  /// The items that match `query`, ascending. One term (the rarest in a sample of the keys) is looked for in the
  /// whole key buffer at once (`memmem`), not item by item; the items it is found in are then checked for the
  /// rest. `nil` when `cancellation` stops it (looked at every few thousand hits).
  func matchingIndices(_ query: ItemQuery, cancellation: WorkCancellation? = nil) -> [Int]? {
    guard !query.terms.isEmpty else {
      // Nothing to scan for: every item is looked at.
      let matches = matcher(for: query)
      var found: [Int] = []
      for index in 0..<count {
        if index % 4096 == 0, cancellation?.isCancelled == true { return nil }
        if matches(index) { found.append(index) }
      }
      return found
    }
    let meetsConditions = conditionCheck(for: query)
    var found: [Int] = []
    var (hits, stopped) = (0, false)
    searchKeys.withUnsafeBufferPointer { keys in
      searchKeyEnds.withUnsafeBufferPointer { ends in
        guard let base = keys.baseAddress else { return }
        let term = Self.rarest(query.terms, in: UnsafeBufferPointer(rebasing: keys.prefix(Self.sampleBytes)))
        // The rest, looked for only in the keys the rarest is found in.
        let otherTerms = query.terms.filter { $0 != term }
        var (position, item) = (0, 0)
        term.withUnsafeBufferPointer { needle in
          while position + needle.count <= keys.count {
            guard let hit = Self.find(needle, in: base, from: position, count: keys.count) else { break }
            hits += 1
            if hits % Self.hitsBetweenCancellationChecks == 0, cancellation?.isCancelled == true {
              stopped = true
              break
            }
            let start = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            while Int(ends[item]) <= start { item += 1 }
            // A match that runs into the next item's key is no match.
            guard start + needle.count <= Int(ends[item]) else {
              position = start + 1
              continue
            }
            let keyStart = item == 0 ? 0 : Int(ends[item - 1])
            let keyLength = Int(ends[item]) - keyStart
            let others = otherTerms.allSatisfy { other in
              other.withUnsafeBufferPointer {
                wf_find_substring(base + keyStart, keyLength, 0, $0.baseAddress!, $0.count) < keyLength
              }
            }
            // The words are all there: what is left is the words turned round and the conditions.
            if others,
              query.isWordsOnly
                || (!query.holdsExcludedTerm(key: searchKey(of: item)) && meetsConditions(item))
            {
              found.append(item)
            }
            position = Int(ends[item])
          }
        }
      }
    }
    return stopped ? nil : found
  }

  /// How much of the key buffer is sampled to choose the term to scan for.
  static let sampleBytes = 1 << 16

  /// The term found least often in `sample` (the longer on a tie): "77" drives the scan for `item 77`, where
  /// "item" is in every key and would have every item checked for the rest.
  static func rarest(_ terms: [[UInt8]], in sample: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    guard terms.count > 1, let base = sample.baseAddress else { return terms[0] }
    func occurrences(_ term: [UInt8]) -> Int {
      var (count, position) = (0, 0)
      term.withUnsafeBufferPointer { needle in
        while let hit = find(needle, in: base, from: position, count: sample.count) {
          count += 1
          position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) + 1
        }
      }
      return count
    }
    return terms.map { ($0, occurrences($0)) }.min { ($0.1, -$0.0.count) < ($1.1, -$1.0.count) }!.0
  }

  /// The first place at or after `position` where `needle` stands among the `count` bytes at `base`
  /// (`wf_find_substring`: sixteen places a step, compared only where the needle's first and last bytes are).
  static func find(
    _ needle: UnsafeBufferPointer<UInt8>, in base: UnsafePointer<UInt8>, from position: Int, count: Int
  ) -> UnsafeRawPointer? {
    guard let bytes = needle.baseAddress else { return nil }
    let place = wf_find_substring(base, count, position, bytes, needle.count)
    return place < count ? UnsafeRawPointer(base + place) : nil
  }

  /// A cancellation is looked at after this many hits (a millisecond of scanning or less).
  static let hitsBetweenCancellationChecks = 4096

  /// The item's value of `field` as stored; nil when it is missing or blank (as ``ItemField/value(of:)``).
  func value(of field: ItemField, at index: Int) -> String? {
    let value: String?
    switch field {
    case .shop:
      guard shopNumbers[index] != Self.noShop else { return nil }
      return string(.shop, of: index)
    case .price: value = string(.price, of: index)
    case .title: value = string(.title, of: index)
    case .extra(let key): value = extraFields(of: index).first { $0.key == key }?.value
    }
    guard let value, value.contains(where: { !$0.isWhitespace }) else { return nil }
    return value
  }

  /// Shop, price, title, then every extra field key any item has, sorted (as ``ItemField/available(in:)``).
  var availableFields: [ItemField] {
    var keys = Set<String>()
    if keepsExtras {
      for index in 0..<count { for field in extraFields(of: index) { keys.insert(field.key) } }
    }
    return [.shop, .price, .title] + keys.sorted().map { .extra($0) }
  }

  /// Gives back the room arrays grew into but do not use (reading is over).
  mutating func trim() {
    func trimmed<Element>(_ array: inout [Element]) {
      if array.capacity > array.count + array.count / 16 { array = Array(array) }
    }
    trimmed(&text)
    trimmed(&textEnds)
    trimmed(&sides)
    trimmed(&titleMetrics)
    trimmed(&priceValues)
    trimmed(&shopNumbers)
    trimmed(&searchKeys)
    trimmed(&searchKeyEnds)
    trimmed(&extras)
    trimmed(&extraEnds)
    lastShop = nil
  }
}
