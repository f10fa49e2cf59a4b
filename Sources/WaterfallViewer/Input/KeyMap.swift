/// One binding: the keys, the action, and how the help overlay lists it.
public struct KeyBinding: Sendable {
  public var keys: [Key]
  public var action: Action?
  /// The keys as the help shows them, with the arrows named by ``Glyphs``.
  public var label: @Sendable (Glyphs) -> String
  public var help: String
}

/// Every key binding, each with its help text: the viewer looks keys up here, and the help overlay is made from
/// the same list, so the two cannot disagree. Mouse entries have no keys and are listed for the help only.
public enum KeyMap {
  /// The waterfall's keys (``InputMode/normal``).
  public static let normal: [KeyBinding] = [
    KeyBinding(
      keys: [.down, .character("j")], action: .stepDown, label: { "\($0.downKey) j" },
      help: "a row down; with a box focused, the box below"),
    KeyBinding(
      keys: [.up, .character("k")], action: .stepUp, label: { "\($0.upKey) k" },
      help: "a row up; with a box focused, the box above"),
    KeyBinding(
      keys: [.left, .character("h")], action: .focusLeft, label: { "\($0.leftKey) h" },
      help: "focus the nearest box in the column to the left"),
    KeyBinding(
      keys: [.right, .character("l")], action: .focusRight, label: { "\($0.rightKey) l" },
      help: "focus the nearest box in the column to the right"),
    KeyBinding(
      keys: [.enter], action: .activate, label: { _ in "Enter" }, help: "select the focused box (shows its detail)"),
    KeyBinding(
      keys: [.pageDown, .character(" ")], action: .pageDown, label: { _ in "PgDn Space" }, help: "page down"),
    KeyBinding(keys: [.pageUp, .character("b")], action: .pageUp, label: { _ in "PgUp b" }, help: "page up"),
    KeyBinding(keys: [.control("d")], action: .halfPageDown, label: { _ in "Ctrl-D" }, help: "half a page down"),
    KeyBinding(keys: [.control("u")], action: .halfPageUp, label: { _ in "Ctrl-U" }, help: "half a page up"),
    KeyBinding(keys: [.home, .character("g")], action: .top, label: { _ in "g Home" }, help: "top"),
    KeyBinding(keys: [.end, .character("G")], action: .bottom, label: { _ in "G End" }, help: "bottom"),
    KeyBinding(keys: [], action: nil, label: { _ in "wheel" }, help: "scroll 3 rows"),
    KeyBinding(keys: [], action: nil, label: { _ in "click" }, help: "select a box (or retry a failed footer)"),
    KeyBinding(
      keys: [.character(":")], action: .goToItem, label: { _ in ": N Enter" }, help: "go to item #N (its own number)"),
    KeyBinding(
      keys: [.character("/")], action: .search, label: { _ in "/ text" },
      help: "search titles, shops, prices, other fields (Enter keeps)"),
    KeyBinding(
      keys: [.control("o")], action: .jumpBack, label: { _ in "Ctrl-O Tab" },
      help: "back to before the last jump (G, g, :N, a search, a sort or filter) / forward again"),
    KeyBinding(keys: [.tab, .control("i")], action: .jumpForward, label: { _ in "" }, help: ""),
    KeyBinding(
      keys: [.character("m")], action: .setMark, label: { _ in "m ' letter" },
      help: "mark the place with a letter / go back to it"),
    KeyBinding(keys: [.character("'")], action: .goToMark, label: { _ in "" }, help: ""),
    KeyBinding(keys: [.character("n")], action: .nextMatch, label: { _ in "n / N" }, help: "next / previous match"),
    KeyBinding(keys: [.character("N")], action: .previousMatch, label: { _ in "" }, help: ""),
    KeyBinding(
      keys: [.character("&")], action: .filter, label: { _ in "& text" },
      help: "show only matching items (& Enter: all)"),
    KeyBinding(
      keys: [.character("o")], action: .cycleSort, label: { _ in "o" },
      help: "sort: dataset, price up, price down, title"),
    KeyBinding(
      keys: [.character("S")], action: .toggleSections, label: { _ in "S" },
      help: "sections by shop (or --group-by FIELD), on and off"),
    KeyBinding(keys: [.character("+")], action: .moreColumns, label: { _ in "+ / -" }, help: "more / fewer columns"),
    KeyBinding(keys: [.character("-")], action: .fewerColumns, label: { _ in "" }, help: ""),
    KeyBinding(keys: [.character("=")], action: .automaticColumns, label: { _ in "=" }, help: "as many columns as fit"),
    KeyBinding(
      keys: [.character("r")], action: .refresh, label: { _ in "r" },
      help: "refresh (or pull down past the top: wheel up there)"),
    KeyBinding(
      keys: [.character("R")], action: .retry, label: { _ in "R" }, help: "retry a failed load (or click the footer)"),
    KeyBinding(
      keys: [.character("v")], action: .toggleReuseLabels, label: { _ in "v" },
      help: "show cell reuse labels (#id r<reuses>)"),
    KeyBinding(
      keys: [.character("i")], action: .toggleInspector, label: { _ in "i" },
      help: "reuse inspector: minimap, pool, layout-pass log"),
    KeyBinding(
      keys: [.character(".")], action: .toggleStepMode, label: { _ in "." },
      help: "step mode: one layout pass per key (. resumes)"),
    KeyBinding(
      keys: [.character("c")], action: .toggleComparison, label: { _ in "c" },
      help: "compare the originals' visible-cell queries with ours"),
    KeyBinding(
      keys: [.character("[")], action: .olderPass, label: { _ in "[ / ]" },
      help: "the inspector's log: an older / newer pass (a step back in step mode)"),
    KeyBinding(keys: [.character("]")], action: .newerPass, label: { _ in "" }, help: ""),
    KeyBinding(keys: [.character("s")], action: .toggleStatistics, label: { _ in "s" }, help: "reuse statistics"),
    KeyBinding(
      keys: [.character("F")], action: .toggleFacets, label: { _ in "F" },
      help: "facets: how the items shown divide by shop (--facets), each value with its count; Enter chooses"),
    KeyBinding(
      keys: [.character("x")], action: .openLink, label: { _ in "x" },
      help: "open the focused item's link (else its picture) with $BROWSER or xdg-open"),
    KeyBinding(
      keys: [.character("y")], action: .copyLink, label: { _ in "y" },
      help: "copy the focused item's link (else its title) to the clipboard (OSC 52)"),
    KeyBinding(keys: [.character("?")], action: .toggleHelp, label: { _ in "?" }, help: "this help"),
    KeyBinding(
      keys: [.escape], action: .escape, label: { _ in "Esc" }, help: "close / end a search / let go of the focus"),
    KeyBinding(keys: [.control("l")], action: .redrawAll, label: { _ in "Ctrl-L" }, help: "redraw the screen"),
    KeyBinding(keys: [.character("q")], action: .quit, label: { _ in "q" }, help: "quit"),
  ]

  /// A chooser's keys (`--pick`), before the waterfall's: Space marks instead of paging, Enter picks.
  public static let picking: [KeyBinding] = [
    KeyBinding(
      keys: [.tab, .character(" ")], action: .toggleMark, label: { _ in "Tab Space" },
      help: "mark or unmark the focused item (--pick)"),
    KeyBinding(
      keys: [.enter], action: .acceptPicks, label: { _ in "Enter" },
      help: "print the marked items (else the focused one) and quit (--pick)"),
    KeyBinding(keys: [], action: nil, label: { _ in "Esc q" }, help: "quit, printing nothing (--pick)"),
  ]

  /// The keys of an open panel (``InputMode/overlay``): it scrolls, switches or closes; nothing moves behind it.
  public static let overlay: [KeyBinding] =
    [
      KeyBinding(keys: [], action: nil, label: { "\($0.upKey) \($0.downKey) j k" }, help: "in a panel: scroll it"),
      KeyBinding(keys: [], action: nil, label: { _ in "PgUp PgDn" }, help: "in a panel: a page"),
      KeyBinding(
        keys: [], action: nil, label: { _ in "Enter Space click" },
        help: "in the facet panel (j k move): choose the value, or let it go"),
    ]
    + panelKeys.map { keys, action in KeyBinding(keys: keys, action: action, label: { _ in "" }, help: "") }

  /// What each key does in a panel; the help lists them in the two entries above.
  private static let panelKeys: [([Key], Action)] = [
    ([.down, .character("j")], .stepDown), ([.up, .character("k")], .stepUp),
    ([.pageDown, .character(" "), .control("d")], .pageDown), ([.pageUp, .character("b"), .control("u")], .pageUp),
    ([.home, .character("g")], .top), ([.end, .character("G")], .bottom), ([.escape, .enter], .escape),
    ([.character("?")], .toggleHelp), ([.character("s")], .toggleStatistics), ([.character("F")], .toggleFacets),
    ([.control("l")], .redrawAll), ([.character("&")], .filter), ([.character("/")], .search),
    ([.character("o")], .cycleSort), ([.character("S")], .toggleSections),
    ([.character("q")], .quit),
  ]

  /// The action bound to `key` in `bindings`.
  public static func action(for key: Key, in bindings: [KeyBinding]) -> Action? {
    bindings.first { $0.keys.contains(key) }?.action
  }

  /// What the help overlay lists: each binding with help text, its keys as the help shows them; then the keys
  /// the user bound (`customKeys`), and the action names a config file's `[keys]` table takes.
  public static func helpEntries(
    glyphs: Glyphs, customKeys: [Key: Action] = [:], picking: Bool = false
  ) -> [(keys: String, help: String)] {
    // Quit last, after the panel keys, where a reader looks for it. A chooser's keys first, and the waterfall's
    // it takes over (Enter, Space) left out.
    let taken = picking ? Set(Self.picking.flatMap(\.keys)) : []
    let waterfall = normal.filter { binding in binding.keys.isEmpty || !binding.keys.allSatisfy(taken.contains) }
    // A key the user bound is listed once, as theirs: the bindings it takes over lose it.
    let bindings =
      folded((picking ? Self.picking : []) + waterfall).compactMap { $0.without(Set(customKeys.keys)) } + overlay
    func listed(_ bindings: [KeyBinding]) -> [(String, String)] {
      bindings.filter { !$0.help.isEmpty }.map { ($0.label(glyphs), $0.help) }
    }
    let custom = customKeys.map { key, action in (key.label, "\(action.name) (your config)") }.sorted { $0.0 < $1.0 }
    let names = ("[keys]", "action names for config.toml: " + Action.allCases.map(\.name).joined(separator: " "))
    let entries =
      listed(bindings.filter { $0.action != .quit }) + custom + [names] + listed(bindings.filter { $0.action == .quit })
    return entries.map { keys, help in
      (keys + String(repeating: " ", count: max(1, 12 - DisplayWidth.of(keys))), help)
    }
  }
}

extension KeyMap {
  /// `bindings` with each continuation (keys without help of their own: `N` after `n / N`) folded into the
  /// binding before it, so that a key the user takes from either leaves the other listed.
  static func folded(_ bindings: [KeyBinding]) -> [KeyBinding] {
    var result: [KeyBinding] = []
    for binding in bindings {
      if binding.help.isEmpty, !binding.keys.isEmpty, let last = result.last, !last.help.isEmpty {
        result[result.count - 1].keys = last.keys + binding.keys
      } else {
        result.append(binding)
      }
    }
    return result
  }
}

extension KeyBinding {
  /// This binding without `keys` (those the user bound to something else): itself when it has none of them, nil
  /// when they were all it had, else the rest under a label made from them.
  func without(_ taken: Set<Key>) -> KeyBinding? {
    guard keys.contains(where: taken.contains) else { return self }
    let rest = keys.filter { !taken.contains($0) }
    guard !rest.isEmpty else { return nil }
    var binding = self
    binding.keys = rest
    binding.label = { glyphs in rest.map { $0.helpLabel(glyphs) }.joined(separator: " ") }
    return binding
  }
}

extension Key {
  /// The key as the help writes it: arrows by ``Glyphs``, pages short.
  func helpLabel(_ glyphs: Glyphs) -> String {
    switch self {
    case .up: glyphs.upKey
    case .down: glyphs.downKey
    case .left: glyphs.leftKey
    case .right: glyphs.rightKey
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    default: label
    }
  }
}

extension KeyMap {
  /// What `key` does over the waterfall: the config file's binding (`customKeys`), else a chooser's own (`picking`:
  /// Space marks instead of paging), else the default.
  static func waterfallAction(for key: Key, customKeys: [Key: Action], picking: Bool) -> Action? {
    customKeys[key] ?? (picking ? action(for: key, in: KeyMap.picking) : nil) ?? action(for: key, in: normal)
  }
}
