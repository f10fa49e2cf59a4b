/// `G` on a source that cannot say where it ends (an HTTP feed): the view stays at the bottom while the pages the
/// footer asks for come, and the notice counts what is loaded now, until the feed ends, a page fails, or a key or
/// a click takes the view back.
struct EndFollowing: Hashable, Sendable {
  /// Why the end is not known (the source's words).
  var reason: String

  /// "a feed does not say where it ends: at the end of the 100 items loaded, more coming (a key stops)".
  static func notice(_ reason: String, loaded: String) -> String {
    "\(reason): at the end of the \(loaded) loaded, more coming (a key stops)"
  }

  /// What a page's arrival does while following: `nil` when the following ends, else the notice to show.
  enum Step: Hashable {
    /// More may come: stay at the bottom, saying how many are loaded.
    case follow(notice: String)
    /// The feed ended: at the bottom, the end said.
    case ended(notice: String)
    /// The page failed: the footer says why; the view stays.
    case stopped
  }

  func step(pageFailed: Bool, exhausted: Bool, loaded: String) -> Step {
    if pageFailed { return .stopped }
    if exhausted { return .ended(notice: "the end: \(loaded)") }
    return .follow(notice: Self.notice(reason, loaded: loaded))
  }
}
