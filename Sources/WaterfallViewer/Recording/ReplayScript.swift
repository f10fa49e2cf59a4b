/// A recording's input as a key script for the simulated clock: each input or resize event at its recorded time,
/// the time between passing a tick at a time (as it did live). Output events are what the recording showed, not
/// input, and are left out. Pure; `decode` turns an input event's bytes into events (the terminal's decoder).
public enum ReplayScript {
  public static func steps(_ cast: Asciicast, decode: (String) -> [InputEvent]) -> [ScriptStep] {
    var steps: [ScriptStep] = []
    var now = 0
    for event in cast.events where event.kind != .output {
      let due = Int((event.time * 1000).rounded())
      while now < due {
        let step = min(due - now, ScriptedRun.tickMilliseconds)
        steps.append(.wait(step))
        now += step
      }
      switch event.kind {
      case .input: steps += decode(event.data).map(ScriptStep.event)
      case .resize:
        if let size = try? KeyScript.parseSize(event.data) {
          steps.append(.event(.resize(width: size.width, height: size.height)))
        }
      case .output, .marker: break
      }
    }
    return steps
  }
}
