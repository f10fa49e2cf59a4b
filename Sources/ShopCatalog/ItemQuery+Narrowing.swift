/// Typing a search on narrows it: `zy` after `z` matches only items `z` matched. The catalogue then looks for the
/// new pattern among the last answer's matches instead of scanning every item's key again at each keystroke.
extension ItemQuery {
  /// Whether every item that matches `self` matches `broader` too: each of `broader`'s terms occurs inside one of
  /// ours (an item holding our term holds every part of it), and its words turned round and conditions are ours.
  func narrows(_ broader: ItemQuery) -> Bool {
    broader.terms.allSatisfy { term in terms.contains { Self.firstOccurrence(of: term, in: $0[...]) != nil } }
      && broader.excludedTerms.allSatisfy(excludedTerms.contains) && broader.conditions.allSatisfy(conditions.contains)
  }
}
