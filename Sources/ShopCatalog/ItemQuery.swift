import CSubstring

/// A search or filter pattern, folded once: case-, diacritic- and width-insensitive (see `SearchFolding`).
///
/// The pattern is split at whitespace into words; an item matches when every free word occurs in one of its title,
/// shop, price or extra field values (a term never spans two fields), no word turned round (`-used`) does, and it
/// meets every condition on a field (`price<200`, `shop:alpha`: ``FieldCondition``, read by ``FilterLanguage``).
/// An empty or blank pattern matches everything.
///
/// Two patterns with the same words are the same query (`item` and `item `, `a b` and `a  b`): a space typed into a
/// prompt asks nothing again.
public struct ItemQuery: Sendable, Hashable {
  public let pattern: String
  /// The folded free words, UTF-8, none empty.
  let terms: [[UInt8]]
  /// The folded words turned round: an item holding any of them is left out.
  let excludedTerms: [[UInt8]]
  public let conditions: [FieldCondition]
  /// The free words as typed, for a server that folds nothing itself.
  public let plainWords: [String]
  /// The words turned round, as typed.
  public let plainExcludedWords: [String]
  /// The first word that cannot be read, and why (`price<abc: not a number`); such a pattern is refused.
  public let problem: String?
  /// The pattern's words as typed: a query is equal by them and what they are read as.
  private let words: [Substring]

  public init(_ pattern: String) {
    self.pattern = pattern
    let reading = FilterLanguage.read(pattern)
    var folding = SearchFolding()
    terms = reading.words.flatMap { folding.fold($0).split(separator: 0x20).map(Array.init) }
    excludedTerms = reading.excludedWords.map { folding.fold($0) }.filter { !$0.isEmpty }
    (conditions, problem) = (reading.conditions, reading.problem)
    (plainWords, plainExcludedWords) = (reading.words, reading.excludedWords)
    words = pattern.split(whereSeparator: \.isWhitespace)
  }

  public static func == (lhs: ItemQuery, rhs: ItemQuery) -> Bool {
    lhs.terms == rhs.terms && lhs.excludedTerms == rhs.excludedTerms && lhs.conditions == rhs.conditions
      && lhs.words == rhs.words
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(words) }

  /// True when the pattern has no words, so every item matches.
  public var isEmpty: Bool { terms.isEmpty && excludedTerms.isEmpty && conditions.isEmpty }

  /// True when the pattern is free words alone, which a feed's `{q}` can carry.
  public var isWordsOnly: Bool { excludedTerms.isEmpty && conditions.isEmpty }

  /// Whether `item` matches, folding its fields now; a `SearchIndex` answers the same much faster for many items.
  public func matches(_ item: ShopItem) -> Bool {
    if isEmpty { return true }
    var folding = SearchFolding()
    return matches(key: Self.searchKey(of: item, folding: &folding)[...]) && meetsConditions(item, folding: &folding)
  }

  /// Whether `item` meets every condition on a field, its words not looked at (``matches(key:)`` does that).
  func meetsConditions(_ item: ShopItem, folding: inout SearchFolding) -> Bool {
    conditions.allSatisfy { $0.isMet(by: item, folding: &folding) }
  }

  /// Where the terms occur in `text` (any string: the stored title, or the title as the app displays it after
  /// sanitising), as whole Characters, sorted and merged where they overlap or touch.
  public func matchRanges(in text: String) -> [Range<String.Index>] {
    let characterRanges = matchCharacterRanges(in: text)
    if characterRanges.isEmpty { return [] }
    var indices: [String.Index] = Array(text.indices)
    indices.append(text.endIndex)
    return characterRanges.map { indices[$0.lowerBound]..<indices[$0.upperBound] }
  }

  /// `matchRanges(in:)` as Character offsets into `text`.
  public func matchCharacterRanges(in text: String) -> [Range<Int>] {
    if terms.isEmpty { return [] }
    var folding = SearchFolding()
    let (bytes, offsets) = folding.foldWithCharacterOffsets(text)
    var highlighted = [Bool](repeating: false, count: (offsets.last ?? -1) + 1)
    for term in terms {
      var start = 0
      while let found = Self.firstOccurrence(of: term, in: bytes[start...]) {
        for offset in offsets[found]...offsets[found + term.count - 1] { highlighted[offset] = true }
        start = found + 1
      }
    }
    var ranges: [Range<Int>] = []
    var offset = 0
    while offset < highlighted.count {
      guard highlighted[offset] else {
        offset += 1
        continue
      }
      let lower = offset
      while offset < highlighted.count && highlighted[offset] { offset += 1 }
      ranges.append(lower..<offset)
    }
    return ranges
  }

  /// Every free word occurs in `key` (fields folded and separated by a zero byte, which folding never produces)
  /// and no word turned round does; the conditions on fields are not looked at.
  func matches(key: ArraySlice<UInt8>) -> Bool {
    terms.allSatisfy { Self.firstOccurrence(of: $0, in: key) != nil } && !holdsExcludedTerm(key: key)
  }

  /// Some word turned round occurs in `key`.
  func holdsExcludedTerm(key: ArraySlice<UInt8>) -> Bool {
    excludedTerms.contains { Self.firstOccurrence(of: $0, in: key) != nil }
  }

  static func searchKey(of item: ShopItem, folding: inout SearchFolding) -> [UInt8] {
    var key: [UInt8] = []
    appendSearchKey(of: item, to: &key, folding: &folding)
    return key
  }

  static func appendSearchKey(of item: ShopItem, to key: inout [UInt8], folding: inout SearchFolding) {
    folding.fold(item.title, into: &key)
    key.append(0)
    folding.fold(item.shop, into: &key)
    key.append(0)
    folding.fold(item.price, into: &key)
    for field in item.extraFields {
      key.append(0)
      folding.fold(field.value, into: &key)
    }
  }

  /// The index of the first occurrence of `needle` in `haystack`. UTF-8 lead bytes never equal continuation
  /// bytes, so a match of a whole folded term always starts and ends on scalar boundaries.
  static func firstOccurrence(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    return haystack.withUnsafeBufferPointer { hay in
      needle.withUnsafeBufferPointer { pin in
        let place = wf_find_substring(hay.baseAddress!, hay.count, 0, pin.baseAddress!, pin.count)
        return place < hay.count ? haystack.startIndex + place : nil
      }
    }
  }
}
