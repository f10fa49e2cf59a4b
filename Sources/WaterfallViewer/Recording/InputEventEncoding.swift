/// The bytes a terminal (xterm, with SGR mouse reports) sends for an ``InputEvent``: what a recording keeps as
/// its input events, and what `TerminalInputDecoder` turns back into the same event. A resize is no input (a
/// recording keeps it as a resize event), and neither is a repaint after a resume or a new cell size: they have
/// no bytes.
public enum InputEventEncoding {
  public static func bytes(_ event: InputEvent) -> String? {
    switch event {
    case .resize, .repaint, .cellPixels: nil
    case .paste(let text): "\u{1B}[200~\(text)\u{1B}[201~"
    case .mouse(let mouse):
      switch mouse.kind {
      case .press: "\u{1B}[<0;\(mouse.x + 1);\(mouse.y + 1)M\u{1B}[<0;\(mouse.x + 1);\(mouse.y + 1)m"
      case .wheelUp: "\u{1B}[<64;\(mouse.x + 1);\(mouse.y + 1)M"
      case .wheelDown: "\u{1B}[<65;\(mouse.x + 1);\(mouse.y + 1)M"
      }
    case .key(let key):
      switch key {
      case .character(let character): String(character)
      case .control(let letter):
        letter.asciiValue.map { String(UnicodeScalar($0 - UInt8(ascii: "a") + 1)) } ?? nil
      case .up: "\u{1B}[A"
      case .down: "\u{1B}[B"
      case .right: "\u{1B}[C"
      case .left: "\u{1B}[D"
      case .home: "\u{1B}[H"
      case .end: "\u{1B}[F"
      case .pageUp: "\u{1B}[5~"
      case .pageDown: "\u{1B}[6~"
      case .enter: "\r"
      case .escape: "\u{1B}"
      case .backspace: "\u{7F}"
      case .tab: "\t"
      }
    }
  }
}
