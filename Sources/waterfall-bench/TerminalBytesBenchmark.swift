import Foundation

/// Bytes the viewer writes to the terminal per one-row scroll step in a 120×40 tmux pane (pipe-pane captures
/// the raw output), against the bytes of a full repaint. "Before": a terminal description with the scrolling
/// capabilities taken out (no scroll region, index, reverse index, insert or delete line), so curses can only
/// rewrite the rows that changed; "after": xterm-256color as it is, so curses scrolls the region and redraws
/// only the rows that came in.
struct TerminalBytesBenchmark {
  let waterfall: String
  let quick: Bool

  func run() -> [Figure] {
    guard Shell.run("command -v tmux >/dev/null") == 0 else {
      print("(terminal bytes: tmux is not installed; skipped)")
      return []
    }
    var figures: [Figure] = []
    var perStep: [Bool: Double] = [:]
    let noScrollTerminfo = makeNoScrollTerminfo()
    for scrolling in [false, true] {
      if !scrolling && noScrollTerminfo == nil { continue }
      // tmux on a loaded machine can miss a deadline; one more try before giving up on a figure.
      guard
        let measured = measure(scrolling: scrolling, terminfo: noScrollTerminfo)
          ?? measure(scrolling: scrolling, terminfo: noScrollTerminfo)
      else {
        Swift.print("(terminal bytes \(scrolling ? "with" : "without") scrolling: the pane did not respond; skipped)")
        continue
      }
      perStep[scrolling] = measured.perStep
      let label = scrolling ? "curses scrolling" : "no scrolling capabilities"
      figures.append(
        .scaling(name: "terminal bytes per one-row step, 120×40, \(label)", value: measured.perStep, unit: "bytes"))
      figures.append(
        .scaling(name: "terminal bytes of a full repaint, 120×40, \(label)", value: measured.fullRepaint, unit: "bytes")
      )
    }
    if let before = perStep[false], let after = perStep[true], after > 0 {
      figures.append(
        .scaling(name: "terminal bytes per step, before ÷ after scrolling", value: before / after, unit: "×"))
    }
    // kitty's pictures: sent once as they come on screen, placed again at every step. Straight to the terminal
    // (the viewer told it is not in tmux; the pane only records), and through tmux's passthrough.
    for throughTmux in [false, true] {
      guard
        let kitty = measure(scrolling: true, terminfo: nil, graphics: "kitty", outsideTmux: !throughTmux)
          ?? measure(scrolling: true, terminfo: nil, graphics: "kitty", outsideTmux: !throughTmux)
      else { continue }
      let label = throughTmux ? "kitty pictures through tmux" : "kitty pictures"
      figures.append(
        .scaling(
          name: "terminal bytes per one-row step, 120×40, \(label), new boxes", value: kitty.perStep, unit: "bytes"))
      figures.append(
        .scaling(
          name: "terminal bytes per one-row step, 120×40, \(label), back over sent ones", value: kitty.perStepBack,
          unit: "bytes"))
      if let symbols = perStep[true], symbols > 0 {
        figures.append(
          .scaling(
            name: "terminal bytes per step back over sent pictures, \(label) ÷ symbols",
            value: kitty.perStepBack / symbols, unit: "×"))
      }
      if !throughTmux, let pictures = kitty.pictures, pictures.count > 0 {
        figures.append(
          .scaling(
            name: "terminal bytes per new kitty picture (\(pictures.count) sent), deflated",
            value: Double(pictures.sent) / Double(pictures.count), unit: "bytes"))
        figures.append(
          .scaling(
            name: "terminal bytes per new kitty picture, raw RGBA in base64 ÷ deflated",
            value: Double(pictures.raw) / Double(max(1, pictures.sent)), unit: "×"))
      }
    }
    if let directory = noScrollTerminfo { try? FileManager.default.removeItem(atPath: directory) }
    return figures
  }

  /// Compiles xterm-256color without its scrolling capabilities into a temporary terminfo directory.
  private func makeNoScrollTerminfo() -> String? {
    let directory = NSTemporaryDirectory() + "waterfall-bench-terminfo-\(getpid())"
    let removed = ["csr", "ind", "indn", "ri", "rin", "il", "il1", "dl", "dl1"]
    let filter = removed.map { "-e '/^\t\($0)=/d'" }.joined(separator: " ")
    let command =
      "mkdir -p '\(directory)' && infocmp -1 -x xterm-256color | sed \(filter) "
      + "-e 's/^xterm-256color|/xterm-noscroll|/' > '\(directory)/source' && tic -x -o '\(directory)' '\(directory)/source'"
    return Shell.run(command + " 2>/dev/null") == 0 ? directory : nil
  }

  private struct Measured {
    var perStep: Double
    var perStepBack: Double
    var fullRepaint: Double
    /// kitty's pictures sent: how many, their bytes, and the bytes the same pixels take raw in base64.
    var pictures: (count: Int, sent: Int, raw: Int)?
  }

  private func measure(
    scrolling: Bool, terminfo: String?, graphics: String = "symbols", outsideTmux: Bool = false
  ) -> Measured? {
    let socket =
      "waterfall-bench-\(getpid())-\(scrolling ? "scroll" : "noscroll")-\(graphics)\(outsideTmux ? "-direct" : "")"
    let output = NSTemporaryDirectory() + "\(socket)-bytes"
    defer {
      Shell.run("tmux -L \(socket) kill-server 2>/dev/null")
      try? FileManager.default.removeItem(atPath: output)
    }
    let environment =
      (outsideTmux ? "-u TMUX -u TMUX_PANE " : "")
      + (scrolling || terminfo == nil ? "TERM=xterm-256color" : "TERMINFO='\(terminfo!)' TERM=xterm-noscroll")
    let command = "env \(environment) '\(waterfall)' --latency 0 --columns 4 --graphics \(graphics); sleep 60"
    let configuration = NSTemporaryDirectory() + "\(socket).conf"
    try? "set -g allow-passthrough on\n".write(toFile: configuration, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: configuration) }
    guard
      Shell.run("tmux -L \(socket) -f \(configuration) new-session -d -x 120 -y 40 -s bench \"\(command)\"") == 0
    else { return nil }
    Shell.run("tmux -L \(socket) pipe-pane -o -t bench 'cat >> \(output)'")
    guard waitFor(socket: socket, text: "row 1/") else { return nil }
    Thread.sleep(forTimeInterval: 0.3)
    // A full repaint: force one by resizing away and back.
    Shell.run("tmux -L \(socket) resize-window -t bench -x 119 -y 40")
    Thread.sleep(forTimeInterval: 0.3)
    let afterShrink = fileSize(output)
    Shell.run("tmux -L \(socket) resize-window -t bench -x 120 -y 40")
    guard waitFor(socket: socket, text: "row 1/") else { return nil }
    Thread.sleep(forTimeInterval: 0.3)
    let fullRepaint = Double(fileSize(output) - afterShrink)
    let steps = quick ? 20 : 60
    let start = fileSize(output)
    for step in 1...steps {
      Shell.run("tmux -L \(socket) send-keys -t bench j")
      guard waitFor(socket: socket, text: "row \(step + 1)/") else { return nil }
    }
    Thread.sleep(forTimeInterval: 0.2)
    let down = Double(fileSize(output) - start) / Double(steps)
    // Back up over the same rows: every picture has been seen (and, with kitty, sent) already.
    let back = fileSize(output)
    for step in stride(from: steps - 1, through: 0, by: -1) {
      Shell.run("tmux -L \(socket) send-keys -t bench k")
      guard waitFor(socket: socket, text: "row \(step + 1)/") else { return nil }
    }
    Thread.sleep(forTimeInterval: 0.2)
    let pictures = graphics == "kitty" ? kittyTransmissions(in: output) : nil
    return Measured(
      perStep: down, perStepBack: Double(fileSize(output) - back) / Double(steps), fullRepaint: fullRepaint,
      pictures: pictures)
  }

  /// The kitty transmissions (`a=t` and the chunks after it) in the recorded output: how many pictures, their
  /// bytes, and what their pixels would take as raw RGBA in base64.
  private func kittyTransmissions(in path: String) -> (count: Int, sent: Int, raw: Int)? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    let start: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
    var count = 0
    var sent = 0
    var raw = 0
    var inTransmission = false
    var index = 0
    while index + 3 <= bytes.count {
      guard bytes[index] == start[0], bytes[index + 1] == start[1], bytes[index + 2] == start[2] else {
        index += 1
        continue
      }
      var end = index + 3
      while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
      let command = bytes[index + 3..<min(end, index + 200)]
      let keys = String(decoding: command.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
      let fields = Dictionary(
        keys.split(separator: ",").compactMap { pair -> (String, String)? in
          let parts = pair.split(separator: "=", maxSplits: 1)
          return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
      if fields["a"] == "t", let width = fields["s"].flatMap(Int.init), let height = fields["v"].flatMap(Int.init) {
        count += 1
        // The base64 payload and each chunk's own bytes (its Esc _ G, keys and terminator).
        let payload = (width * height * 4 + 2) / 3 * 4
        raw += payload + (payload + 4095) / 4096 * 16
        inTransmission = true
      } else if fields["a"] != nil {
        inTransmission = false
      }
      if inTransmission { sent += end + 2 - index }
      index = end + 2
    }
    return (count, sent, raw)
  }

  private func waitFor(socket: String, text: String) -> Bool {
    for _ in 0..<500 {
      if capture(socket: socket).contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  private func capture(socket: String) -> String {
    Shell.output(of: "tmux -L \(socket) capture-pane -p -t bench")
  }

  private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }
}
