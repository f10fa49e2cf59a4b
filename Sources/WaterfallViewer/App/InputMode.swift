/// Who owns the keys now: exactly one of the waterfall, an open overlay, or a prompt being typed.
public enum InputMode: Hashable, Sendable {
  case normal
  case overlay
  case prompt
}
