import Foundation
import TestSupport
import Testing

@testable import WaterfallViewer

/// The emulator measured against tmux, the reference screen (docs/conventions.md): the same bytes go to a tmux
/// pane (`cat FILE`) and to ``TerminalEmulator``, and the two screens are compared cell by cell as text
/// (`capture-pane -p`), with the cursor's place.
@Suite("The emulator against tmux", .enabled(if: TmuxReference.isAvailable))
struct TmuxComparisonTests {
  /// A shell session as bash and a full-screen program write it: a coloured prompt with a title, `ls --color`,
  /// output that scrolls the screen and a line that wraps; then a `top`-like program on the alternate screen
  /// drawing with a scroll region, inserted and deleted lines and characters, line drawing, wide characters,
  /// REP, tabs and saved cursors; then the shell's screen back and its next prompt.
  static let prompt = "\u{1B}]0;ana@box: ~/shop\u{07}\u{1B}[01;32mana@box\u{1B}[00m:\u{1B}[01;34m~/shop\u{1B}[00m$ "

  static let shellPart =
    prompt + "ls --color\r\n"
    + "\u{1B}[0m\u{1B}[01;34mdata\u{1B}[0m  \u{1B}[01;32mimport.sh\u{1B}[0m  README.md  notes-中文.txt  "
    + "\u{1B}[01;31marchive.tar.gz\u{1B}[0m\r\n" + prompt + "seq 30\r\n"
    + (1...30).map { "\($0)\r\n" }.joined() + prompt + "echo " + String(repeating: "wrap-", count: 20) + "\r\n"
    + String(repeating: "wrap-", count: 20) + "\r\n" + prompt + "printf 'a\\tb\\tc\\n'\r\na\tb\tc\r\n" + prompt
    + "top\r\n"

  static let fullScreenPart =
    "\u{1B}[?1049h\u{1B}[22;0;0t\u{1B}[?1h\u{1B}=\u{1B}[?2026h\u{1B}[H\u{1B}[2J\u{1B}[?25l"
    + "\u{1B}[7mtop - 10:00:00 up 3 days,  2 users,  load average: 0.10, 0.20, 0.30\u{1B}[K\u{1B}[m\r\n"
    + "Tasks: \u{1B}[1m120\u{1B}[m total, \u{1B}[38;5;208m1\u{1B}[39m running\r\n"
    + "\u{1B}(0lqqqqqqqqqqqqqqqqqqk\u{1B}(B\r\n\u{1B}(0x\u{1B}(B CPU 中文 12.5%    \u{1B}(0x\u{1B}(B\r\n"
    + "\u{1B}(0mq\u{1B}[17bj\u{1B}(B"
    + (5...23).map { "\u{1B}[\($0);1H\u{1B}[38:2::200:100:50m\($0 * 7)\u{1B}[m\tproc-\($0)\tS\t0.\($0)" }.joined()
    + "\u{1B}[5;23r\u{1B}[23;1H\nnew-23\nnew-24\u{1B}[5;1H\u{1B}Mtop-row\u{1B}[8;1H\u{1B}[2Linserted"
    + "\u{1B}[12;1H\u{1B}[3M\u{1B}[14;3H\u{1B}[3@\u{1B}[15;4H\u{1B}[2P\u{1B}[16;2H\u{1B}[4X"
    + "\u{1B}[18;78H宽字\u{1B}7\u{1B}[20;10H\u{1B}[2A\u{1B}[3C\u{1B}[1Dmoved\u{1B}8!"
    + "\u{1B}[r\u{1B}[24;1H\u{1B}[1;37;44m q quit  h help \u{1B}[K\u{1B}[0m\u{1B}[3;40H\u{1B}[E\u{1B}[2F\u{1B}[5G@"
    + "\u{1B}[?2026l"

  static let leavingPart =
    "\u{1B}[?25h\u{1B}[?1l\u{1B}>\u{1B}[24;1H\u{1B}[?1049l\u{1B}[23;0;0t" + prompt + "echo done\r\ndone\r\n" + prompt

  /// DEC special graphics back to the letters that draw them.
  static let decLetters: [Character: Character] = Dictionary(
    uniqueKeysWithValues: zip("◆▒°±┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·", "`afgjklmnopqrstuvwxyz{|}~"))

  @Test(
    "a shell session with a full-screen program: the same text in every cell as tmux, the cursor in the same place",
    arguments: [
      ("the shell's screen", shellPart), ("the program's screen", shellPart + fullScreenPart),
      ("the shell's screen again", shellPart + fullScreenPart + leavingPart),
    ])
  func sameScreenAsTmux(stage: String, bytes: String) throws {
    let (width, height) = (80, 24)
    let reference = try TmuxReference.screen(of: bytes, width: width, height: height)
    // Through the recording path `waterfall render` takes: an asciicast v3 file read back.
    let cast = try AsciicastReader.parse(
      "{\"version\": 3, \"term\": {\"cols\": \(width), \"rows\": \(height)}}\n"
        + Asciicast.line(.init(time: 0.5, kind: .output, data: bytes)))
    let ours = try #require(CastScreens.screens(cast).screens.last).screen
    // tmux keeps a line-drawing cell as its ASCII letter marked with the character set, and `capture-pane -p`
    // prints the letter: ours are compared as those letters.
    let ourLines = (0..<height).map { String(ours.line($0).map { Self.decLetters[$0] ?? $0 }) }
    for (row, (theirs, mine)) in zip(reference.lines, ourLines).enumerated() where theirs != mine {
      Issue.record("\(stage), row \(row + 1):\n tmux: \(theirs.debugDescription)\n ours: \(mine.debugDescription)")
    }
    #expect(reference.lines.count == height)
    #expect(
      (ours.cursorColumn, ours.cursorRow) == reference.cursor,
      "\(stage): cursor \(ours.cursorColumn),\(ours.cursorRow), tmux \(reference.cursor)")
  }
}
