/// What the emulator does with control characters, ESC sequences and control sequences (xterm's ctlseqs and
/// ECMA-48). Sequences not named here are consumed and change nothing.
extension TerminalEmulator {
  mutating func execute(_ control: UInt8) {
    flushText()
    switch control {
    case 0x08:  // BS
      cursor.column = max(0, cursor.column - 1)
      cursor.pendingWrap = false
    case 0x09: tab(forward: 1)
    case 0x0A, 0x0B, 0x0C: lineFeed()  // LF, VT, FF: a new line, the column kept (LNM off)
    case 0x0D:  // CR
      cursor.column = 0
      cursor.pendingWrap = false
    case 0x0E: cursor.shifted = true  // SO: G1
    case 0x0F: cursor.shifted = false  // SI: G0
    default: break  // BEL and the rest show nothing
    }
  }

  mutating func escapeDispatch(intermediates: [UInt8], final: UInt8) {
    flushText()
    if let designator = intermediates.first {
      // ESC ( 0: G0 draws lines; ESC ( B (or any other set): ASCII. ESC ) sets G1.
      if intermediates.count == 1, designator == UInt8(ascii: "(") || designator == UInt8(ascii: ")") {
        cursor.lineDrawing[designator == UInt8(ascii: "(") ? 0 : 1] = final == UInt8(ascii: "0")
      } else if intermediates == [UInt8(ascii: "#")], final == UInt8(ascii: "8") {
        screenAlignment()
      }
      return
    }
    switch final {
    case UInt8(ascii: "7"): saveCursor()
    case UInt8(ascii: "8"): restoreCursor()
    case UInt8(ascii: "D"): lineFeed()  // IND
    case UInt8(ascii: "E"):  // NEL
      cursor.column = 0
      lineFeed()
    case UInt8(ascii: "M"): reverseIndex()  // RI
    case UInt8(ascii: "H"): tabStops[cursor.column] = true  // HTS
    case UInt8(ascii: "c"): reset()  // RIS
    default: break  // keypad modes, ST's backslash, the rest
    }
  }

  /// DECALN: the screen full of E, the margins reset, the cursor home.
  private mutating func screenAlignment() {
    let cell = ScreenCell(character: "E", width: 1, style: .plain)
    for index in cells.indices { cells[index] = cell }
    (top, bottom) = (0, height - 1)
    cursor.row = 0
    cursor.column = 0
    cursor.pendingWrap = false
  }

  mutating func controlSequenceDispatch(_ sequence: ControlSequence) {
    flushText()
    if let marker = sequence.privateMarker {
      if marker == UInt8(ascii: "?"), sequence.intermediates.isEmpty,
        sequence.final == UInt8(ascii: "h") || sequence.final == UInt8(ascii: "l")
      {
        for parameter in sequence.parameters {
          setPrivateMode(parameter.first ?? 0, on: sequence.final == UInt8(ascii: "h"))
        }
      }
      return  // DA2, XTMODKEYS, kitty's keyboard and the rest: nothing on the screen
    }
    if sequence.intermediates == [UInt8(ascii: "!")], sequence.final == UInt8(ascii: "p") {
      softReset()
      return
    }
    guard sequence.intermediates.isEmpty else { return }  // DECSCUSR (cursor shape) and the like
    let count = sequence.number(0)
    switch sequence.final {
    case UInt8(ascii: "@"): insertCharacters(count)
    case UInt8(ascii: "A"): moveUp(count)  // CUU
    case UInt8(ascii: "B"), UInt8(ascii: "e"): moveDown(count)  // CUD, VPR
    case UInt8(ascii: "C"), UInt8(ascii: "a"): moveTo(column: cursor.column + count)  // CUF, HPR
    case UInt8(ascii: "D"): moveTo(column: cursor.column - count)  // CUB
    case UInt8(ascii: "E"):  // CNL
      moveDown(count)
      cursor.column = 0
    case UInt8(ascii: "F"):  // CPL
      moveUp(count)
      cursor.column = 0
    case UInt8(ascii: "G"), UInt8(ascii: "`"): moveTo(column: count - 1)  // CHA, HPA
    case UInt8(ascii: "H"), UInt8(ascii: "f"): moveTo(row: sequence.number(0) - 1, column: sequence.number(1) - 1)
    case UInt8(ascii: "I"): tab(forward: count)  // CHT
    case UInt8(ascii: "Z"): tab(forward: -count)  // CBT
    case UInt8(ascii: "J"): eraseInDisplay(sequence.number(0, default: 0))
    case UInt8(ascii: "K"): eraseInLine(sequence.number(0, default: 0))
    case UInt8(ascii: "L"): insertLines(count)
    case UInt8(ascii: "M"): deleteLines(count)
    case UInt8(ascii: "P"): deleteCharacters(count)
    case UInt8(ascii: "X"):  // ECH
      erase(row: cursor.row, from: cursor.column, to: cursor.column + count)
      cursor.pendingWrap = false
    case UInt8(ascii: "S") where sequence.parameters.count <= 1: scrollUp(count)  // SU
    case UInt8(ascii: "T") where sequence.parameters.count <= 1: scrollDown(count)  // SD (5 numbers: mouse)
    case UInt8(ascii: "b"):  // REP: the last character again
      if let lastPrinted {
        for _ in 0..<min(count, width * height) { show(lastPrinted) }
      }
    case UInt8(ascii: "d"): moveTo(row: count - 1, column: cursor.column)  // VPA
    case UInt8(ascii: "g"):  // TBC
      switch sequence.number(0, default: 0) {
      case 0: tabStops[cursor.column] = false
      case 3: tabStops = Array(repeating: false, count: width)
      default: break
      }
    case UInt8(ascii: "h"), UInt8(ascii: "l"):
      if sequence.parameters.contains([4]) { insertMode = sequence.final == UInt8(ascii: "h") }  // IRM
    case UInt8(ascii: "m"): selectGraphicRendition(sequence.parameters)
    case UInt8(ascii: "r"): setScrollRegion(sequence)
    case UInt8(ascii: "s") where sequence.parameters.isEmpty: saveCursor()  // SCOSC
    case UInt8(ascii: "u") where sequence.parameters.isEmpty: restoreCursor()  // SCORC
    default: break  // device reports, window operations: nothing to answer, nothing shown
    }
  }

  // MARK: Cursor

  /// The rows the cursor may reach: the scroll region in origin mode, else the screen.
  private var rowLimits: ClosedRange<Int> { cursor.originMode ? top...bottom : 0...(height - 1) }

  /// CUP: `row` counted from the region's top in origin mode.
  mutating func moveTo(row: Int, column: Int) {
    let limits = rowLimits
    cursor.row = min(max(row + limits.lowerBound, limits.lowerBound), limits.upperBound)
    moveTo(column: column)
  }

  mutating func moveTo(column: Int) {
    cursor.column = min(max(column, 0), width - 1)
    cursor.pendingWrap = false
  }

  /// CUU: stops at the region's top when it starts inside the region, else at the screen's.
  private mutating func moveUp(_ count: Int) {
    let limit = cursor.row >= top ? top : 0
    cursor.row = max(limit, cursor.row - count)
    cursor.pendingWrap = false
  }

  private mutating func moveDown(_ count: Int) {
    let limit = cursor.row <= bottom ? bottom : height - 1
    cursor.row = min(limit, cursor.row + count)
    cursor.pendingWrap = false
  }

  /// HT, CHT and CBT: to the next (or, counting back, the previous) tab stop, or the row's edge.
  private mutating func tab(forward count: Int) {
    cursor.pendingWrap = false
    for _ in 0..<min(abs(count), width) {
      if count > 0 {
        repeat { cursor.column += 1 } while cursor.column < width - 1 && !tabStops[cursor.column]
        cursor.column = min(cursor.column, width - 1)
      } else {
        repeat { cursor.column -= 1 } while cursor.column > 0 && !tabStops[cursor.column]
        cursor.column = max(cursor.column, 0)
      }
    }
  }

  // MARK: Erasing, lines

  /// ED: 0 from the cursor on, 1 up to it, 2 (and 3, which also drops scrollback we do not keep) all.
  private mutating func eraseInDisplay(_ mode: Int) {
    switch mode {
    case 0:
      erase(row: cursor.row, from: cursor.column, to: width)
      for row in (cursor.row + 1)..<max(cursor.row + 1, height) { erase(row: row, from: 0, to: width) }
    case 1:
      for row in 0..<cursor.row { erase(row: row, from: 0, to: width) }
      erase(row: cursor.row, from: 0, to: cursor.column + 1)
    case 2, 3: eraseScreen()
    default: break
    }
    cursor.pendingWrap = false
  }

  /// EL: 0 from the cursor to the end of the row, 1 from its start to the cursor, 2 the whole row.
  private mutating func eraseInLine(_ mode: Int) {
    switch mode {
    case 0: erase(row: cursor.row, from: cursor.column, to: width)
    case 1: erase(row: cursor.row, from: 0, to: cursor.column + 1)
    case 2: erase(row: cursor.row, from: 0, to: width)
    default: break
    }
    cursor.pendingWrap = false
  }

  /// IL: blank rows at the cursor's, the region below it moving down; nothing outside the region.
  private mutating func insertLines(_ count: Int) {
    guard (top...bottom).contains(cursor.row) else { return }
    scrollDown(count, from: cursor.row, through: bottom)
    cursor.column = 0
    cursor.pendingWrap = false
  }

  /// DL: the cursor's rows go, the region below moving up.
  private mutating func deleteLines(_ count: Int) {
    guard (top...bottom).contains(cursor.row) else { return }
    scrollUp(count, from: cursor.row, through: bottom)
    cursor.column = 0
    cursor.pendingWrap = false
  }

  /// DECSTBM: a region of at least two rows, then the cursor home; anything else is ignored.
  private mutating func setScrollRegion(_ sequence: ControlSequence) {
    let first = sequence.number(0) - 1
    let last = min(sequence.number(1, default: height), height) - 1
    guard first < last else { return }
    (top, bottom) = (first, last)
    moveTo(row: 0, column: 0)
  }

  // MARK: Modes

  private mutating func setPrivateMode(_ mode: Int, on: Bool) {
    switch mode {
    case 6:  // DECOM
      cursor.originMode = on
      moveTo(row: 0, column: 0)
    case 7:  // DECAWM
      autowrap = on
      if !on { cursor.pendingWrap = false }
    case 25: cursorVisible = on  // DECTCEM
    case 47:  // the alternate screen as it is
      switchScreen(toAlternate: on)
    case 1047:  // the alternate screen, blanked when it is left
      if !on, usingAlternateScreen { eraseScreen() }
      switchScreen(toAlternate: on)
    case 1048: if on { saveCursor() } else { restoreCursor() }
    case 1049:  // the cursor saved, the alternate screen blanked: a full-screen program's own screen
      if on {
        guard !usingAlternateScreen else { return }
        saveCursor()
        switchScreen(toAlternate: true)
        let style = cursor.style
        cursor.style = .plain
        eraseScreen()
        cursor.style = style
      } else {
        guard usingAlternateScreen else { return }
        switchScreen(toAlternate: false)
        restoreCursor()
      }
    default: break  // 2026 (synchronized output), 2004 (bracketed paste), mouse modes: nothing on the screen
    }
  }

  /// DECSTR: modes and style back to their defaults, the screen kept.
  private mutating func softReset() {
    cursorVisible = true
    autowrap = true
    insertMode = false
    (top, bottom) = (0, height - 1)
    cursor.style = .plain
    cursor.lineDrawing = [false, false]
    cursor.shifted = false
    cursor.originMode = false
    cursor.pendingWrap = false
    savedCursors = [Cursor(), Cursor()]
  }
}
