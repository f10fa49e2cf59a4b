import FuzzSupport
import WaterfallViewer

/// The `--keys` script parser: any text parses to steps or to an error whose message carries no control
/// character; the steps, written back as a script, parse to the same steps.
runFuzzer { data, size in
  let script = String(decoding: fuzzBytes(data, size), as: UTF8.self)
  let steps: [ScriptStep]
  do {
    steps = try KeyScript.parse(script)
  } catch {
    let message = String(describing: error)
    fuzzCheck(
      !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "a control character in the message \(message.debugDescription)")
    return 0
  }
  let written = steps.map(token).joined(separator: " ")
  do {
    let reparsed = try KeyScript.parse(written)
    fuzzCheck(reparsed == steps, "\(script.debugDescription) → \(written.debugDescription) → other steps")
  } catch {
    fuzzCheck(false, "\(script.debugDescription) → \(written.debugDescription) does not parse: \(error)")
  }
  return 0
}

/// The token that stands for one step, as docs/tapes-and-recordings.md ("Snapshots") documents them.
private func token(_ step: ScriptStep) -> String {
  switch step {
  case .wait(let milliseconds): return "wait:\(milliseconds)"
  case .event(.resize(let width, let height)): return "resize:\(width)x\(height)"
  case .event(.mouse(let mouse)):
    let name =
      switch mouse.kind {
      case .press: "click"
      case .wheelUp: "wheelup"
      case .wheelDown: "wheeldown"
      }
    return "\(name):\(mouse.x),\(mouse.y)"
  case .event(.key(let key)): return key.label
  case .event(.repaint):
    fuzzCheck(false, "a key script gave a repaint, which no token names")
    return ""
  case .event(.paste):
    fuzzCheck(false, "a key script gave a paste, which no token names")
    return ""
  case .event(.cellPixels):
    fuzzCheck(false, "a key script gave a change of the cell size, which no token names")
    return ""
  }
}
