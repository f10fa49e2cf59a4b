/// The keys the status bar and the too-small screen name, as the config file left them: `q quit` names another
/// key once `q` is bound to something else and a key to quitting.
struct KeyHints: Hashable, Sendable {
  var help: String? = "?"
  var quit = "q"
  /// What reads a source's new items in (`r`); nil when no key refreshes.
  var refresh: String? = "r"
  var mark = "Tab"
  var pick = "Enter"
  /// What leaves a chooser printing nothing (Esc, unless the config file took it).
  var leavePicking = "Esc"

  init() {}

  init(customKeys: [Key: Action]) {
    // Ctrl-C always quits: the config file cannot take it.
    quit = KeyMap.keyLabel(for: .quit, customKeys: customKeys, in: KeyMap.normal) ?? "Ctrl-C"
    help = KeyMap.keyLabel(for: .toggleHelp, customKeys: customKeys, in: KeyMap.normal)
    refresh = KeyMap.keyLabel(for: .refresh, customKeys: customKeys, in: KeyMap.normal)
    mark = KeyMap.keyLabel(for: .toggleMark, customKeys: customKeys, in: KeyMap.picking) ?? mark
    pick = KeyMap.keyLabel(for: .acceptPicks, customKeys: customKeys, in: KeyMap.picking) ?? pick
    if customKeys[.escape] != nil { leavePicking = quit }
  }

  /// "? help  q quit", or a chooser's "Tab mark  Enter pick  ? help  Esc quit".
  func text(picking: Bool) -> String {
    let help = help.map { "\($0) help  " } ?? ""
    return picking ? "\(mark) mark  \(pick) pick  \(help)\(leavePicking) quit" : "\(help)\(quit) quit"
  }
}

extension KeyMap {
  /// A key that does `action` now, as a person writes it: the first of its default keys in `bindings` the config
  /// file left alone, else the first (by label) the config file bound to it; nil when no key does.
  static func keyLabel(for action: Action, customKeys: [Key: Action], in bindings: [KeyBinding]) -> String? {
    let defaults = bindings.first { $0.action == action }?.keys ?? []
    if let kept = defaults.first(where: { customKeys[$0] == nil }) { return kept.label }
    return customKeys.filter { $0.value == action }.map(\.key.label).min()
  }
}
