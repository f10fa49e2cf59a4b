import ShopCatalog
import Synchronization

/// How many terminal columns text takes, counted as the terminal counts them: the terminal's widths are the truth,
/// since the viewer places everything after a cluster by them. Scalars by glibc's `wcwidth` (``ScalarWidth``, a
/// table of our own read from it, because `wcwidth` depends on the process locale and the tests run in "C");
/// clusters by the terminal's ``ClusterRule``.
public enum DisplayWidth {
  /// How the terminal adds up a grapheme cluster's columns.
  public enum ClusterRule: UInt8, Sendable {
    /// Scalar by scalar, as xterm and tmux do: each scalar's `wcwidth`, none for an emoji after a zero-width joiner,
    /// so `🛍️` (a text-default emoji and its presentation selector) is one column. What a terminal does unless it
    /// says otherwise.
    case perScalar
    /// The cluster as one character (the grapheme cluster mode 2027, which kitty, WezTerm, foot and Ghostty
    /// answer to): an emoji presentation or keycap sequence is two columns.
    case graphemeClusters
  }

  private static let rule = Atomic<UInt8>(ClusterRule.perScalar.rawValue)

  /// The rule every width is counted by; the terminal session sets it once, before the first frame, when the
  /// terminal turns grapheme clustering on.
  public static var clusterRule: ClusterRule {
    get { ClusterRule(rawValue: rule.load(ordering: .relaxed)) ?? .perScalar }
    set { rule.store(newValue.rawValue, ordering: .relaxed) }
  }

  /// The columns one grapheme cluster takes, by the terminal's ``clusterRule``.
  public static func of(_ character: Character) -> Int {
    // Fast paths for what most frames are made of: ASCII, box drawing, blocks and shades, braille.
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    let utf8 = character.utf8
    if utf8.count == 3, let lead = utf8.first, lead == 0xE2 {
      let second = utf8[utf8.index(after: utf8.startIndex)]
      if (0x94...0x96).contains(second) || (0xA0...0xA3).contains(second) { return 1 }  // U+2500–U+25BF, U+2800–U+28FF
    }
    return of(character, rule: clusterRule)
  }

  /// The columns one grapheme cluster takes by `rule`.
  public static func of(_ character: Character, rule: ClusterRule) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // One scalar (CJK, most of what is not ASCII): its own width, under either rule.
    if scalars.index(after: scalars.startIndex) == scalars.endIndex { return ScalarWidth.ofTabled(first) }
    if rule == .graphemeClusters {
      // An emoji sequence (presentation selector or keycap) is drawn as one picture, as is an emoji shown as a
      // picture by default with its modifiers (👍🏽).
      if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return 2 }
      if first.properties.isEmojiPresentation { return 2 }
    }
    return min(2, scalarSum(scalars))
  }

  /// The columns a terminal that adds up scalars gives the cluster, not capped at two (tmux draws 👍🏽 in four).
  private static func scalarSum(_ scalars: Character.UnicodeScalarView) -> Int {
    scalarColumns(scalars).reduce(0) { $0 + $1.columns }
  }

  /// Each scalar with the columns a terminal that adds up scalars gives it: its own, none for an emoji after a
  /// zero-width joiner (tmux and xterm join them to the picture before).
  private static func scalarColumns(
    _ scalars: Character.UnicodeScalarView
  ) -> [(scalar: Unicode.Scalar, columns: Int)] {
    var previous: Unicode.Scalar?
    return scalars.map { scalar in
      defer { previous = scalar }
      let joined = previous?.value == 0x200D && ScalarWidth.isEmojiPart(scalar)
      return (scalar, joined ? 0 : ScalarWidth.ofTabled(scalar))
    }
  }

  /// Whether terminals place the cluster differently: its width by one rule is not its width by the other, or
  /// a terminal that adds up scalars gives it more than the two columns a cell holds. Whoever writes such a
  /// cluster must not trust the terminal's cursor after it.
  public static func isDoubtful(_ character: Character) -> Bool {
    guard character.asciiValue == nil, character.unicodeScalars.count > 1 else { return false }
    return of(character, rule: .perScalar) != of(character, rule: .graphemeClusters)
      || scalarSum(character.unicodeScalars) > 2
  }

  /// The cluster as a terminal can draw it in `columns`: under ``ClusterRule/perScalar``, where the terminal
  /// draws every scalar (tmux draws 👍🏽 as 👍 and a swatch, four columns), only the scalars that fit, so nothing
  /// after it is drawn over; whole otherwise.
  public static func drawable(_ character: Character, in columns: Int) -> String {
    guard clusterRule == .perScalar, scalarSum(character.unicodeScalars) > columns else { return String(character) }
    var fitting = String.UnicodeScalarView()
    var width = 0
    for (scalar, added) in scalarColumns(character.unicodeScalars) {
      if width + added > columns { break }
      width += added
      fitting.append(scalar)
    }
    return String(fitting)
  }

  /// The columns a single scalar takes when it stands alone (``ScalarWidth``, kept beside the column store).
  public static func of(_ scalar: Unicode.Scalar) -> Int { ScalarWidth.of(scalar) }

  /// ``of(_:)-(Unicode.Scalar)`` through a table of the Basic Multilingual Plane (``ScalarWidth/ofTabled(_:)``).
  public static func ofTabled(_ scalar: Unicode.Scalar) -> Int { ScalarWidth.ofTabled(scalar) }

  /// The columns a whole string takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }
}
