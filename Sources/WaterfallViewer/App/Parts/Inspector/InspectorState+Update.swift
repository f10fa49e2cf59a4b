import WaterfallKit

/// Where the inspector stands, and step mode going on and off.
extension InspectorState {
  /// The inspector stands beside the waterfall when the terminal is wide enough, else over it.
  static let besideFromWidth = 72

  /// The inspector panel's width on a screen `width` columns wide; `halfScreen`: a projector's layout.
  static func width(screenWidth width: Int, halfScreen: Bool = false) -> Int {
    guard width >= besideFromWidth else { return min(width, 40) }
    return halfScreen ? max(30, width / 2) : min(46, max(30, width / 3))
  }

  /// The waterfall's viewport on a screen `screen` big: every row but the status bar's, and every column but the
  /// inspector's when it is open and stands beside.
  func waterfallViewport(screen: GridSize) -> GridSize {
    var width = max(1, screen.width)
    if isOpen, screen.width >= Self.besideFromWidth {
      width -= Self.width(screenWidth: screen.width, halfScreen: halfScreen)
    }
    return GridSize(width: max(1, width), height: max(1, screen.height - 1))
  }

  enum Toggle {
    /// `i`: the inspector opens or closes.
    case inspector
    /// `.`: step mode on or off.
    case stepMode
    /// `c`: the originals' queries beside ours, on or off (opening the inspector to show them).
    case comparison
  }

  /// The inspector opens or closes (the root then sets the engine's recorder and viewport); step mode goes on,
  /// opening the inspector to show the passes, or off, applying the messages held meanwhile.
  mutating func update(_ toggle: Toggle) -> [Command] {
    switch toggle {
    case .inspector:
      isOpen.toggle()
      return [.inspectorToggled]
    case .comparison:
      guard comparison == nil else {
        comparison = nil
        return [.notice("comparison off")]
      }
      return compare(ReuseComparison.Query.originals)
    case .stepMode:
      isStepping.toggle()
      guard !isStepping else {
        return (isOpen ? [] : update(.inspector)) + [.notice("step mode: each key runs one layout pass (. resumes)")]
      }
      defer { heldMessages = [] }
      return [.notice("step mode off")] + heldMessages.map(Command.apply)
    }
  }
}

extension InspectorState {
  /// Runs `queries` beside ours from the next pass, opening the inspector to show them.
  mutating func compare(_ queries: [ReuseComparison.Query]) -> [Command] {
    comparison = ReuseComparison(queries)
    return (isOpen ? [] : update(.inspector))
      + [.notice("comparing the originals' visible-cell queries with ours (c ends)")]
  }
}

extension InspectorState {
  /// `[` and `]`: the log read back pass by pass (the log is the record of the passes), or on towards the newest.
  enum LogMove {
    case older, newer

    init?(_ action: Action) {
      switch action {
      case .olderPass: self = .older
      case .newerPass: self = .newer
      default: return nil
      }
    }
  }

  /// The passes whose start the log still holds, oldest first.
  var recordedPasses: [Int] {
    entries.compactMap { if case .passStarted(let pass, _) = $0.event { pass } else { nil } }
  }

  mutating func update(_ move: LogMove) -> [Command] {
    guard isOpen else { return [.notice("the inspector's log: i opens it")] }
    let passes = recordedPasses
    guard let newest = passes.last, let oldest = passes.first else { return [.notice("no layout pass yet")] }
    let current = viewedPass ?? newest
    switch move {
    case .older:
      guard current > oldest else { return [.notice("pass \(oldest) is the oldest the log holds")] }
      viewedPass = passes.last { $0 < current }
    case .newer:
      let next = passes.first { $0 > current }
      viewedPass = next.flatMap { $0 == newest ? nil : $0 }
    }
    return []
  }
}

extension InspectorState.Toggle {
  /// The waterfall's actions this part owns: `i` and `.`.
  init?(_ action: Action) {
    switch action {
    case .toggleInspector: self = .inspector
    case .toggleStepMode: self = .stepMode
    case .toggleComparison: self = .comparison
    default: return nil
    }
  }
}
