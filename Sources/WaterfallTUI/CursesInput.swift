import CNcursesw

/// Reads curses input and turns it into ``InputEvent``s.
public enum CursesInput {
  /// Waits up to the session's input timeout for one event, then takes whatever else is already waiting.
  public static func readEvents() -> [InputEvent] {
    var events: [InputEvent] = []
    while let event = readOne() {
      events.append(event)
      wtimeout(wf_stdscr(), 0)
    }
    wtimeout(wf_stdscr(), 50)
    return events
  }

  private static func readOne() -> InputEvent? {
    var character: wint_t = 0
    let status = wget_wch(wf_stdscr(), &character)
    if status == wf_err() { return nil }
    if status == KEY_CODE_YES { return functionKey(Int32(character)) ?? readOne() }
    return key(for: character).map(InputEvent.key) ?? readOne()
  }

  private static func functionKey(_ code: Int32) -> InputEvent? {
    switch code {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME: return .key(.home)
    case KEY_END: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case wf_key_resize():
      var rows: Int32 = 0
      var columns: Int32 = 0
      wf_getmaxyx(wf_stdscr(), &rows, &columns)
      return .resize(width: Int(columns), height: Int(rows))
    case wf_key_mouse(): return mouseEvent()
    default: return nil
    }
  }

  private static func key(for character: wint_t) -> Key? {
    switch character {
    case 10, 13: return .enter
    case 27: return .escape
    case 9: return .tab
    case 127, 8: return .backspace
    case 1...26: return .control(Character(Unicode.Scalar(UInt8(character) + 0x60)))
    default:
      guard let scalar = Unicode.Scalar(UInt32(character)), scalar.value >= 0x20 else { return nil }
      return .character(Character(scalar))
    }
  }

  private static func mouseEvent() -> InputEvent? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    let state = event.bstate
    let x = Int(event.x)
    let y = Int(event.y)
    if state & wf_button4_pressed() != 0 { return .mouse(MouseEvent(kind: .wheelUp, x: x, y: y)) }
    if wf_button5_pressed() != 0, state & wf_button5_pressed() != 0 {
      return .mouse(MouseEvent(kind: .wheelDown, x: x, y: y))
    }
    if state & (wf_button1_pressed() | wf_button1_clicked() | wf_button1_double_clicked()) != 0 {
      return .mouse(MouseEvent(kind: .press, x: x, y: y))
    }
    return nil
  }
}
