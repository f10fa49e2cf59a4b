import WaterfallViewer

/// A screen as it was at a moment of a tape (milliseconds of shown time: hidden stretches are left out).
public struct TimedScreen: Sendable {
  public var milliseconds: Int
  public var screen: Screen

  public init(milliseconds: Int, screen: Screen) { (self.milliseconds, self.screen) = (milliseconds, screen) }
}

/// One frame of an animation and how long it shows, in `unit` milliseconds.
public struct AnimationFrame {
  public var screen: Screen
  public var duration: Int
}

/// A tape's screens as an animation's frames, VHS's way: on the `Framerate`'s grid (changes within one frame show
/// as the last of them), sped up by `PlaybackSpeed`, started at `LoopOffset`, the last frame held to the tape's end.
public enum AnimationFrames {
  /// `unit`: the format's tick in milliseconds (GIF 10, WebP 1); each duration is a whole number of them, and the
  /// durations add up to the tape's shown time (rounded to a tick), so no frame drifts.
  public static func frames(
    _ screens: [TimedScreen], endMilliseconds: Int, settings: ImageSettings, unit: Int
  ) -> [AnimationFrame] {
    let rate = max(1, settings.framerate)
    var slots: [(slot: Int, screen: Screen)] = []
    for timed in screens {
      let slot = timed.milliseconds * rate / 1000
      if let last = slots.last, last.slot == slot {
        slots[slots.count - 1].screen = timed.screen
      } else if slots.last?.screen != timed.screen {
        slots.append((slot, timed.screen))
      }
      // A change back to the frame before it within one slot leaves two equal frames in a row: merged below.
      if slots.count >= 2, slots[slots.count - 1].screen == slots[slots.count - 2].screen { slots.removeLast() }
    }
    guard !slots.isEmpty else { return [] }
    let speed = settings.playbackSpeed > 0 ? settings.playbackSpeed : 1
    func ticks(_ milliseconds: Double) -> Int { Int((milliseconds / speed / Double(unit)).rounded()) }
    let start = slots[0].slot * 1000 / rate
    let end = max(endMilliseconds, slots[slots.count - 1].slot * 1000 / rate + 1000 / rate)
    var frames: [AnimationFrame] = []
    for (index, entry) in slots.enumerated() {
      let from = ticks(Double(entry.slot * 1000 / rate - start))
      let to = ticks(Double((index + 1 < slots.count ? slots[index + 1].slot * 1000 / rate : end) - start))
      guard to > from else { continue }
      frames.append(AnimationFrame(screen: entry.screen, duration: (to - from) * unit))
    }
    if frames.isEmpty { frames.append(AnimationFrame(screen: slots[slots.count - 1].screen, duration: unit)) }
    let offset =
      settings.loopOffsetIsPercent
      ? Int(Double(frames.count) * settings.loopOffset / 100) : Int(settings.loopOffset)
    let shift = ((offset % frames.count) + frames.count) % frames.count
    return Array(frames[shift...] + frames[..<shift])
  }
}
