/// The parts of the status bar in the order they are shown, each with how much it matters, so a narrow bar
/// drops the least important parts whole instead of cutting the last one mid-word.
struct StatusParts {
  private var parts: [(text: String, priority: Int)] = []

  mutating func append(_ text: String, priority: Int) { parts.append((text, priority)) }

  /// The parts that fit in `width` columns joined by `separator`: the least important go first (the later of
  /// two equal ones); a single part still too wide is shortened at a word, ending in `ellipsis`.
  func fitting(width: Int, separator: String, ellipsis: String) -> [String] {
    var kept = parts
    func total() -> Int {
      kept.reduce(0) { $0 + DisplayWidth.of($1.text) } + DisplayWidth.of(separator) * max(0, kept.count - 1)
    }
    while kept.count > 1, total() > width {
      let lowest = kept.indices.min {
        kept[$0].priority < kept[$1].priority || kept[$0].priority == kept[$1].priority && $0 > $1
      }!
      kept.remove(at: lowest)
    }
    guard let only = kept.first, kept.count == 1, DisplayWidth.of(only.text) > width else { return kept.map(\.text) }
    return [Self.shorten(only.text, toWidth: width, ellipsis: ellipsis)]
  }

  /// `text` cut at the last space that leaves room for the ellipsis (or mid-word when no space is near).
  static func shorten(_ text: String, toWidth width: Int, ellipsis: String) -> String {
    let clipped = TextLayout.clip(text, toWidth: width, ellipsis: ellipsis)
    let body = clipped.hasSuffix(ellipsis) ? String(clipped.dropLast(ellipsis.count)) : clipped
    guard let space = body.lastIndex(of: " "), body.distance(from: body.startIndex, to: space) > body.count / 2 else {
      return clipped
    }
    return String(body[..<space]) + ellipsis
  }
}
