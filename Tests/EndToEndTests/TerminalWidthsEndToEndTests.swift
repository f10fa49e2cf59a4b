import Foundation
import TestSupport
import Testing

/// What the viewer writes, the terminal must place where the viewer thinks it is: after each step, the screen tmux
/// shows is the viewer's own screen for that step (a snapshot of the same keys at the same size), so no cell goes
/// stale after a cluster that terminals count differently (🛍️, one column in tmux).
extension ViewerEndToEndTests {
  /// Keys typed one step at a time: `(typed into the pane, the same step in a snapshot's key script)`.
  static let sneakersSorted: [(pane: [String], script: String)] = [
    (["/"], "/"), (["-l", "sneakers"], "s n e a k e r s"), (["Enter"], "Enter"), (["o"], "o"),
    (["j"], "j"), (["j"], "j"), (["j"], "j"),
  ]

  @Test("the bundled catalogue: after /sneakers, o, j j j each screen tmux shows is the viewer's own")
  func terminalShowsTheViewersScreen() throws {
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    try expectPaneFollowsSnapshots(arguments: ["--no-images", catalogue], steps: Self.sneakersSorted)
  }

  @Test("CJK, emoji with presentation selectors, keycaps, flags and ZWJ sequences: tmux shows the viewer's screen")
  func clustersOfEveryKindLandWhereTheViewerPutsThem() throws {
    let folder = TemporaryDirectory("clusters")
    defer { folder.remove() }
    let titles = [
      "通勤 navy 半身裙 🛍️", "❄️ winter 羊毛", "keycap #️⃣ 1️⃣ set", "flag 🇯🇵 and 🇫🇷", "family 👨‍👩‍👧 bag",
      "thumbs 👍🏽 up", "e\u{301}te\u{301} accent", "स्तेशन Hindi", "🌡️ 温度计 ☀️", "plain ascii title",
      "漢字かなカナ한국어", "✨🔥💯 sale",
    ]
    let items = titles.enumerated().map { index, title in
      "{\"w\": 100, \"h\": \(80 + index * 13), \"price\": \"¥\(99 - index)\", \"title\": \"\(title)\"}"
    }
    let file = folder.write("items.json", "[" + items.joined(separator: ",\n") + "]")
    let steps: [(pane: [String], script: String)] = [
      (["o"], "o"), (["j"], "j"), (["O"], "O"), (["j"], "j"), (["G"], "G"), (["g"], "g"),
    ]
    try expectPaneFollowsSnapshots(arguments: ["--no-images", file], steps: steps, width: 90, height: 28)
    try expectPaneFollowsSnapshots(arguments: ["--no-images", file], steps: steps, width: 61, height: 20)
  }

  @Test("with the defaults (pictures on), the 🛍️ titles have nothing stale beside them, found and stepped past")
  func defaultsLeaveNothingBesideTheEmoji() throws {
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let pane = try TmuxPane(arguments: [catalogue], width: 100, height: 30)
    _ = try pane.waitForSteadyScreen { $0.contains("60/180 items") }
    var titled = 0
    func expectNothingBeside(after step: String, _ screen: String) {
      let lines = BagTitles.lines(of: screen)
      titled += lines.count
      let stale = lines.filter(BagTitles.hasStaleCells)
      #expect(stale.isEmpty, "after \(step), beside: \(stale)")
    }
    // Search for the emoji, then each match in turn, then rows down: every step redraws titles in place.
    try pane.send(keys: ["/"])
    try pane.send(keys: ["-l", "🛍️"])
    try pane.send(keys: ["Enter"])
    expectNothingBeside(after: "the search", try pane.waitForSteadyScreen { $0.contains("match 1/7") })
    for match in 2...7 {
      try pane.send(keys: ["n"])
      expectNothingBeside(after: "match \(match)", try pane.waitForSteadyScreen { $0.contains("match \(match)/7") })
    }
    for step in 1...3 {
      try pane.send(keys: ["j"])
      expectNothingBeside(after: "the last match and \(step) j", try pane.waitForSteadyScreen { _ in true })
    }
    #expect(titled >= 7, "the matches' titles were on screen")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  /// Runs the viewer in tmux and, after each step, compares the pane with `waterfall snapshot` of the steps so far.
  private func expectPaneFollowsSnapshots(
    arguments: [String], steps: [(pane: [String], script: String)], width: Int = 100, height: Int = 30,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let pane = try TmuxPane(arguments: arguments, width: width, height: height)
    defer { try? pane.send(keys: ["q"]) }
    var script: [String] = []
    let first = try snapshot(arguments, script: script, width: width, height: height)
    try pane.waitForSteadyScreen(sourceLocation: sourceLocation) { Self.sameScreen($0, first) }
    for step in steps {
      try pane.send(keys: step.pane)
      script.append(step.script)
      let expected = try snapshot(arguments, script: script, width: width, height: height)
      let shown = try pane.waitForSteadyScreen(seconds: 5) { Self.sameScreen($0, expected) }
      #expect(
        Self.sameScreen(shown, expected),
        "after \(script.joined(separator: " ")): tmux shows\n\(shown)\nthe viewer drew\n\(expected)",
        sourceLocation: sourceLocation)
      let styled = try snapshot(arguments, script: script, width: width, height: height, ansi: true)
      let differences = Self.styleDifferences(
        shown: try pane.styledScreen(), drawn: styled.split(separator: "\n").map(String.init))
      #expect(
        differences.isEmpty,
        "after \(script.joined(separator: " ")): \(differences.count) lines coloured otherwise, as \(differences.prefix(3))",
        sourceLocation: sourceLocation)
    }
  }

  /// Lines whose clusters differ in colour or attributes between tmux's styled capture and `snapshot --ansi`,
  /// read by the same reader. Skin-tone modifiers and presentation selectors aside (see ``sameScreen(_:_:)``), and
  /// what a blank cannot show: a space's foreground, bold, dim and italic.
  private static func styleDifferences(shown: [String], drawn: [String]) -> [String] {
    func visible(_ lines: [String]) -> [[StyledLines.Cluster]] {
      StyledLines.parse(lines).map { line in
        var clusters: [StyledLines.Cluster] = line.compactMap { cluster in
          var scalars = String.UnicodeScalarView()
          scalars.append(
            contentsOf: cluster.text.unicodeScalars.filter {
              $0 != "\u{FE0F}" && !(0x1F3FB...0x1F3FF).contains($0.value)
            })
          guard let text = String(scalars).first else { return nil }
          var style = cluster.style
          if text == " " { (style.foreground, style.bold, style.dim, style.italic) = (.standard, false, false, false) }
          return StyledLines.Cluster(text: text, style: style)
        }
        while clusters.last == StyledLines.Cluster(text: " ", style: StyledLines.Style()) { clusters.removeLast() }
        return clusters
      }
    }
    let (tmux, viewer) = (visible(shown), visible(drawn))
    return (0..<max(tmux.count, viewer.count)).compactMap { row -> String? in
      let (theirs, ours) = (row < tmux.count ? tmux[row] : [], row < viewer.count ? viewer[row] : [])
      guard theirs != ours else { return nil }
      let column = zip(theirs, ours).enumerated().first { $1.0 != $1.1 }?.offset ?? min(theirs.count, ours.count)
      let style = { (line: [StyledLines.Cluster]) in column < line.count ? "\(line[column])" : "nothing" }
      return "row \(row + 1) from cluster \(column): tmux \(style(theirs)), viewer \(style(ours))"
    }
  }

  private func snapshot(
    _ arguments: [String], script: [String], width: Int, height: Int, ansi: Bool = false
  ) throws -> String {
    var command = ["snapshot", "--size", "\(width)x\(height)"] + (ansi ? ["--ansi"] : []) + arguments
    if !script.isEmpty { command += ["--keys", script.joined(separator: " ")] }
    let run = try BinaryRun(command)
    try #require(run.status == 0, "\(run.errors)")
    return run.output
  }

  /// Line by line, trailing blanks aside (tmux trims them, a snapshot keeps them), and skin-tone modifiers aside:
  /// where the terminal adds up scalars, the viewer draws 👍🏽 as the 👍 that fits its two cells
  /// (`DisplayWidth.drawable`), while its screen keeps the whole cluster.
  private static func sameScreen(_ shown: String, _ drawn: String) -> Bool {
    func lines(_ text: String) -> [String] {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: line.unicodeScalars.filter { !(0x1F3FB...0x1F3FF).contains($0.value) })
        let kept = String(scalars)
        return String(kept.lastIndex { $0 != " " }.map { kept[...$0] } ?? "")
      }
      while lines.last?.isEmpty == true { lines.removeLast() }
      return lines
    }
    return lines(shown) == lines(drawn)
  }
}

/// A terminal that counts grapheme clusters (kitty, WezTerm, foot, Ghostty) answers DECRQM for mode 2027: the
/// viewer turns the mode on where it is off, counts as the terminal does, and turns it off again on the way out.
/// The terminal here is a pseudo-terminal driven by Python, answering as such a terminal does (or as xterm, not at
/// all), and keeping every byte the viewer wrote.
@Suite("The grapheme cluster mode, asked of the terminal")
struct GraphemeClusterModeEndToEndTests {
  /// The pseudo-terminal: answers `CSI ? 2027 $ p` with `argv[1]` (nothing when empty) and every DA1 query, types
  /// `q` once the bundled catalogue's first screen is drawn, and writes what the viewer wrote to `argv[2]`.
  static let fakeTerminal = #"""
    import fcntl, os, pty, select, struct, sys, termios, time
    answer, log, program = sys.argv[1].encode(), sys.argv[2], sys.argv[3:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        os.execv(program[0], program)
    written, answered_queries, answered_attributes, quit_at = b"", 0, 0, None
    deadline = time.time() + 20
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            written += data
        while written.count(b"\x1b[?2027$p") > answered_queries:
            answered_queries += 1
            if answer:
                os.write(fd, b"\x1b[?2027;" + answer + b"$y")
        while written.count(b"\x1b[c") > answered_attributes:
            answered_attributes += 1
            os.write(fd, b"\x1b[?62;22c")
        if quit_at is None and "半身裙".encode() in written:
            quit_at = time.time() + 0.5
        if quit_at is not None and time.time() > quit_at:
            os.write(fd, b"q")
            quit_at = float("inf")
    _, status = os.waitpid(pid, 0)
    open(log, "wb").write(written)
    sys.exit(os.waitstatus_to_exitcode(status))
    """#

  private func run(answering answer: String) throws -> [UInt8] {
    try TmuxPane.requireUsableBinary()
    let folder = TemporaryDirectory("mode2027")
    defer { folder.remove() }
    let script = folder.write("terminal.py", Self.fakeTerminal)
    let log = folder.path + "/written"
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let status = try ChildProcess.run(
      [
        "env", "TERM=xterm-256color", "LANG=C.UTF-8", "python3", script, answer, log, TmuxPane.binary,
        "--no-images", catalogue,
      ], outputPath: "/dev/null")
    #expect(status == 0, "the viewer's exit status")
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
  }

  private static func count(_ sequence: String, in bytes: [UInt8]) -> Int {
    let needle = Array(sequence.utf8)
    guard bytes.count >= needle.count else { return 0 }
    return (0...bytes.count - needle.count).filter { bytes[$0..<$0 + needle.count].elementsEqual(needle) }.count
  }

  @Test("a terminal with the mode reset: asked, turned on before the first frame, turned off on quit")
  func resetModeIsTurnedOnAndOff() throws {
    let written = try run(answering: "2")
    #expect(Self.count("\u{1B}[?2027$p", in: written) == 1)
    #expect(Self.count("\u{1B}[?2027h", in: written) == 1)
    #expect(Self.count("\u{1B}[?2027l", in: written) == 1)
    let text = String(decoding: written, as: UTF8.self)
    let on = try #require(text.range(of: "\u{1B}[?2027h"))
    let off = try #require(text.range(of: "\u{1B}[?2027l"))
    let title = try #require(text.range(of: "半身裙"))
    #expect(on.upperBound <= title.lowerBound && title.upperBound <= off.lowerBound, "on, the frames, then off")
  }

  @Test("a terminal whose mode is already set is left as it was; one that does not answer (xterm) is never told")
  func setOrUnknownModeIsLeftAlone() throws {
    for answer in ["1", ""] {
      let written = try run(answering: answer)
      #expect(Self.count("\u{1B}[?2027$p", in: written) == 1, "answer \(answer)")
      #expect(Self.count("\u{1B}[?2027h", in: written) == 0 && Self.count("\u{1B}[?2027l", in: written) == 0)
    }
  }
}

/// The bundled catalogue's titles that end in 🛍️ (U+1F6CD and its presentation selector), which terminals count
/// narrower than a cluster-aware width: the cells after the emoji are where a stale letter shows.
enum BagTitles {
  /// 🛍, the base: a terminal's capture may drop the selector after it.
  static let bag: Unicode.Scalar = "\u{1F6CD}"

  /// The screen's lines that hold the emoji.
  static func lines(of screen: String) -> [Substring] {
    screen.split(separator: "\n").filter { $0.unicodeScalars.contains(bag) }
  }

  /// Whether anything but blanks stands from the emoji (and its selector, if kept) to the box's edge.
  static func hasStaleCells(_ line: Substring) -> Bool {
    let scalars = line.unicodeScalars
    guard let emoji = scalars.firstIndex(of: bag) else { return false }
    let after = scalars[scalars.index(after: emoji)...].drop { $0 == "\u{FE0F}" }
    return !after.prefix { $0 != "│" && $0 != "┃" }.allSatisfy { $0 == " " }
  }
}
