import Testing
import WaterfallViewer

/// The columns a cluster takes are the terminal's: scalar by scalar as xterm and tmux add them up, or the whole
/// cluster where the terminal counts grapheme clusters (mode 2027). Each case's first width is what tmux 3.3a
/// moved its cursor by for the cluster (`printf` in a pane, then `#{cursor_x}`), capped at a cell's two columns.
@Suite("Cluster widths by the terminal's rule")
struct ClusterWidthTests {
  struct Case: Sendable, CustomStringConvertible {
    /// A String, not a Character literal: the compiler's grapheme breaking is older than the runtime's (a
    /// Devanagari conjunct is one cluster at run time only).
    var text: String
    var cluster: Character { text.first ?? " " }
    var perScalar: Int
    var graphemeClusters: Int
    var doubtful: Bool
    var description: String { cluster.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
  }

  static let cases: [Case] = [
    // A text-default emoji and its presentation selector: the bundled catalogue's 🛍️ and ❄️.
    Case(text: "\u{1F6CD}\u{FE0F}", perScalar: 1, graphemeClusters: 2, doubtful: true),
    Case(text: "\u{2744}\u{FE0F}", perScalar: 1, graphemeClusters: 2, doubtful: true),
    Case(text: "\u{1F321}\u{FE0F}", perScalar: 1, graphemeClusters: 2, doubtful: true),
    // Keycap: tmux 1.
    Case(text: "#\u{FE0F}\u{20E3}", perScalar: 1, graphemeClusters: 2, doubtful: true),
    // A family joined by ZWJ: tmux 2.
    Case(text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", perScalar: 2, graphemeClusters: 2, doubtful: false),
    // A flag: two regional indicators of one column each, tmux 2.
    Case(text: "\u{1F1EF}\u{1F1F5}", perScalar: 2, graphemeClusters: 2, doubtful: false),
    // A skin tone: tmux 4 (two pictures), more than a cell holds.
    Case(text: "\u{1F44D}\u{1F3FD}", perScalar: 2, graphemeClusters: 2, doubtful: true),
    Case(text: "e\u{301}", perScalar: 1, graphemeClusters: 1, doubtful: false),
    // Hangul jamo joined into one syllable, a Thai vowel mark: the marks take no column.
    Case(text: "\u{1112}\u{1161}\u{11AB}", perScalar: 2, graphemeClusters: 2, doubtful: false),
    Case(text: "\u{E01}\u{E34}", perScalar: 1, graphemeClusters: 1, doubtful: false),
    // Devanagari: the conjunct स्ते and the vowel sign ि add their columns (tmux 2).
    Case(text: "\u{938}\u{94D}\u{924}\u{947}", perScalar: 2, graphemeClusters: 2, doubtful: false),
    Case(text: "\u{915}\u{93F}", perScalar: 2, graphemeClusters: 2, doubtful: false),
    // Alone, a text-default emoji is one column and an emoji-default one two, whatever the rule.
    Case(text: "\u{1F6CD}", perScalar: 1, graphemeClusters: 1, doubtful: false),
    Case(text: "\u{1F525}", perScalar: 2, graphemeClusters: 2, doubtful: false),
    Case(text: "连", perScalar: 2, graphemeClusters: 2, doubtful: false),
  ]

  @Test("each rule gives the cluster the columns its terminals give it", arguments: cases)
  func widthByRule(_ sample: Case) {
    #expect(sample.text.count == 1, "one cluster")
    #expect(DisplayWidth.of(sample.cluster, rule: .perScalar) == sample.perScalar)
    #expect(DisplayWidth.of(sample.cluster, rule: .graphemeClusters) == sample.graphemeClusters)
    #expect(DisplayWidth.isDoubtful(sample.cluster) == sample.doubtful)
  }

  @Test("unless the terminal says it counts grapheme clusters, widths are counted scalar by scalar")
  func defaultRuleIsPerScalar() {
    #expect(DisplayWidth.clusterRule == .perScalar)
    #expect(DisplayWidth.of("通勤 navy 半身裙 🛍️") == 18, "two columns a CJK character, one the emoji")
  }
}
