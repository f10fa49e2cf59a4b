import Foundation

/// OSC 52, which asks the terminal to put text on the system clipboard: it works over ssh and in tmux, where no
/// clipboard program can reach the user's desktop.
enum ClipboardSequence {
  /// The bytes that copy `text`. Inside tmux (`insideTmux`) the plain sequence lets tmux keep a buffer (with
  /// `set-clipboard on`), and a passthrough-wrapped copy reaches the outer terminal (with `allow-passthrough`).
  static func bytes(copying text: String, insideTmux: Bool) -> String {
    let payload = Data(text.utf8).base64EncodedString()
    let plain = "\u{1B}]52;c;\(payload)\u{07}"
    guard insideTmux else { return plain }
    return plain + String(decoding: TerminalEscapes.tmuxPassthrough(Array(plain.utf8)), as: UTF8.self)
  }
}
