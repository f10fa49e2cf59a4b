import WaterfallKit

/// Loading pages through to a rank beyond the loaded items, for whoever wants one: the match `n` goes on to, the
/// item whose place a new query keeps, the item `:N` names, the end of a result that cannot be measured (`G` with
/// sections). One goal at a time (a new one replaces the last); each
/// page that arrives, or the measuring's end, takes it a step, and the viewer does what the step says.
public struct RankLoader: Hashable, Sendable {
  public enum Goal: Hashable, Sendable {
    /// A search's match not loaded yet.
    case match(SearchState.LoadTarget)
    /// An item of the result: the user's place across a new query, or `:N`.
    case place(PlaceTarget)
    /// The last item: `G` where the result cannot be measured (sections), so every page is loaded.
    case end

    public var rank: Int {
      switch self {
      case .match(let target): target.rank
      case .place(let target): target.rank
      case .end: .max
      }
    }

    /// What "stopped loading to …" names: "match 3", "the focused item", "item #7".
    var name: String {
      switch self {
      case .match(let target): "match \(target.ordinal + 1)"
      case .place(let target): target.name
      case .end: "the end"
      }
    }
  }

  /// What a step asks of the viewer.
  public enum Step: Hashable, Sendable {
    /// The goal's rank is loaded: the goal is done and handed back, for the viewer to go there.
    case arrived(Goal)
    /// A page or the measuring is on its way: nothing to do until it comes.
    case wait
    /// Ask the engine for the next page.
    case loadMore
    /// The goal cannot be reached: dropped, with what to tell the user (nil: the result ended before it).
    case stopped(notice: String?)
  }

  public internal(set) var goal: Goal?

  public init() {}

  /// The match being loaded through to, if that is the goal.
  public var match: SearchState.LoadTarget? {
    guard case .match(let target)? = goal else { return nil }
    return target
  }

  /// The item being loaded through to, if that is the goal.
  public var place: PlaceTarget? {
    guard case .place(let target)? = goal else { return nil }
    return target
  }

  mutating func start(_ goal: Goal) { self.goal = goal }

  mutating func drop() { goal = nil }

  /// One step towards the goal, with `loadedCount` items loaded and the engine's load-more in `loadMore`.
  /// `measure` starts (or goes on with) measuring the whole result so the jump is one layout pass, and says whether
  /// it does; a result that cannot be measured loads page by page.
  mutating func step(loadedCount: Int, loadMore: LoadMoreState, measure: () -> Bool) -> Step {
    guard let goal else { return .wait }
    if goal.rank < loadedCount {
      self.goal = nil
      return .arrived(goal)
    }
    if measure() { return .wait }
    switch loadMore {
    case .idle: return .loadMore
    case .loading: return .wait
    case .failed(let reason):
      self.goal = nil
      return .stopped(notice: "stopped loading to \(goal.name): \(reason)")
    case .exhausted:
      self.goal = nil
      if case .place(let target) = goal, target.purpose == .goToItem {
        // A feed's item not read yet was looked for after the items read: the feed ended first.
        return .stopped(notice: "no item #\(target.item.number): the catalogue has \(loadedCount)")
      }
      return goal == .end ? .arrived(.end) : .stopped(notice: nil)
    }
  }

  /// Esc: the goal is given up where the view is. Returns what to tell the user, nil when nothing was loading.
  mutating func stop() -> String? {
    guard let goal else { return nil }
    self.goal = nil
    return "stopped loading to \(goal.name)"
  }
}
