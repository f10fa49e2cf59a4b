import Pictures

/// The one place that chooses how pictures reach the terminal: whether to ask at all, what to ask (the terminal,
/// or tmux inside it), and which adapter the answers and `--graphics` make. The asking goes through
/// ``TerminalQuestions`` (the session's side), so the whole choice is tested without a terminal.
enum GraphicsChooser {
  /// Every adapter, in the order of preference among equal answers.
  static let adapters: [any GraphicsAdapter] = GraphicsProtocol.allCases.map(\.adapter)

  /// The setup for pictures in pixels, or `nil` when they stay symbols (the screen's own cells). Asks nothing when
  /// the pictures are not shown in colour (`--no-images`, `--no-color`, `--color none`: the symbols follow the
  /// colour setting, pixels would not) or `--graphics symbols` says so.
  static func pixels(
    _ choice: GraphicsChoice, picturesInColour: Bool, environment: [String: String],
    asking questions: some TerminalQuestions
  ) -> GraphicsSetup? {
    guard picturesInColour, choice != .named(.symbols) else { return nil }
    var replies = TerminalReplies()
    var pane: GraphicsSetup.TmuxPane?
    if isInsideTmux(environment) {
      // tmux answers the queries itself; the terminal outside it is known by the name tmux learnt of it.
      if KittyAdapter.isKitty(tmuxClient: questions.askTmux("#{client_termname} #{client_termtype}")) {
        replies.kittyGraphics = true
      }
      if ["1", "on", "all"].contains(questions.askTmux("#{allow-passthrough}")) {
        pane = GraphicsSetup.TmuxPane(corner: questions.askTmux("#{pane_left} #{pane_top}"))
      }
    } else {
      replies = questions.askTerminal()
    }
    let setup = choose(
      choice, replies: replies, environment: environment, windowCellPixels: questions.windowCellPixels(),
      tmuxPane: pane)
    return setup.graphics == .symbols ? nil : setup
  }

  /// Chooses from the answers, the environment and `--graphics`. Pure. `windowCellPixels`: the cell size from
  /// `TIOCGWINSZ`'s pixel fields, the second source after the terminal's own answer; a 1:2 guess comes last.
  /// Inside tmux (`TMUX` set), an adapter whose pictures do not cross tmux (``TmuxCrossing``) gives way to
  /// symbols, as kitty's does when the pane does not allow passthrough (`tmuxPane` is `nil`).
  static func choose(
    _ choice: GraphicsChoice, replies: TerminalReplies, environment: [String: String],
    windowCellPixels: CellPixelSize?, tmuxPane: GraphicsSetup.TmuxPane?
  ) -> GraphicsSetup {
    let cellPixels =
      GraphicsSetup.sane(replies.cellPixels) ?? GraphicsSetup.sane(windowCellPixels)
      ?? CellPixelSize(width: 8, height: 16)
    let adapter =
      switch choice {
      case .auto: detected(replies: replies, environment: environment)
      case .named(let graphics): graphics.adapter
      }
    let symbols = GraphicsSetup(graphics: .symbols, cellPixels: cellPixels)
    guard isInsideTmux(environment) else { return GraphicsSetup(graphics: adapter.graphics, cellPixels: cellPixels) }
    switch adapter.insideTmux {
    case .asText: return GraphicsSetup(graphics: adapter.graphics, cellPixels: cellPixels)
    case .throughPassthrough:
      guard let tmuxPane else { return symbols }
      return GraphicsSetup(graphics: adapter.graphics, cellPixels: cellPixels, tmuxPane: tmuxPane)
    case .never: return symbols
    }
  }

  /// The adapter whose detection is strongest (the first of equals); symbols when none says it can.
  static func detected(replies: TerminalReplies, environment: [String: String]) -> any GraphicsAdapter {
    var best: (adapter: any GraphicsAdapter, detection: GraphicsDetection) = (SymbolsAdapter(), .no)
    for adapter in adapters {
      let detection = adapter.detect(replies, environment: environment)
      if detection > best.detection { best = (adapter, detection) }
    }
    return best.adapter
  }

  static func isInsideTmux(_ environment: [String: String]) -> Bool { !(environment["TMUX"] ?? "").isEmpty }
}

/// What the chooser asks before choosing: the session answers from the terminal, tests from a script.
protocol TerminalQuestions {
  /// Sends ``GraphicsQueries`` and reads the answers (keys typed meanwhile are kept for the viewer).
  func askTerminal() -> TerminalReplies
  /// A tmux format for this pane (reads only); empty when tmux does not say.
  func askTmux(_ format: String) -> String
  /// The cell size from `TIOCGWINSZ`'s pixel fields, when the terminal fills them in with a sane one.
  func windowCellPixels() -> CellPixelSize?
}
