import WaterfallKit

/// Records a run as asciicast v2 as it goes: each frame's bytes (``TerminalFrameEncoder``) as an output event, a
/// size change as a resize event, and, only when asked, each input event as the bytes a terminal would send. The
/// time comes from the run's clock (simulated in tapes, real in `--record`); lines go to `write` (a file, or
/// memory).
public final class CastRecorder {
  private let clock: any Clock
  private let recordsInput: Bool
  private let write: (String) -> Void
  private var encoder = TerminalFrameEncoder()
  private var size: GridSize?
  private let startMilliseconds: Int

  /// Writes the header at once (`cast`: the size and arguments; its events are ignored).
  public init(header cast: Asciicast, clock: any Clock, recordsInput: Bool, write: @escaping (String) -> Void) {
    (self.clock, self.recordsInput, self.write) = (clock, recordsInput, write)
    startMilliseconds = clock.milliseconds
    size = GridSize(width: cast.width, height: cast.height)
    write(cast.headerLine + "\n")
  }

  private var seconds: Double { Double(clock.milliseconds - startMilliseconds) / 1000 }

  public func record(frame screen: Screen) {
    let screenSize = GridSize(width: screen.width, height: screen.height)
    if screenSize != size {
      size = screenSize
      emit(.resize, "\(screen.width)x\(screen.height)")
    }
    let bytes = encoder.encodeBytes(screen)
    if !bytes.isEmpty {
      write(
        String(decoding: Asciicast.lineBytes(time: seconds, kind: .output, data: bytes, newline: true), as: UTF8.self))
    }
  }

  public func record(input events: [InputEvent]) {
    guard recordsInput else { return }
    for event in events {
      if let bytes = InputEventEncoding.bytes(event) { emit(.input, bytes) }
    }
  }

  private func emit(_ kind: Asciicast.Event.Kind, _ data: String) {
    write(Asciicast.line(Asciicast.Event(time: seconds, kind: kind, data: data)) + "\n")
  }

  /// The runner's output, recorded on the way.
  public func output(wrapping output: any ScreenOutput) -> any ScreenOutput {
    RecordingOutput(inner: output, recorder: self)
  }

  /// The runner's input, recorded on the way (input events only with `recordsInput`).
  public func input(wrapping input: any InputSource) -> any InputSource {
    RecordingInput(inner: input, recorder: self)
  }
}

private final class RecordingOutput: ScreenOutput {
  let inner: any ScreenOutput
  let recorder: CastRecorder

  init(inner: any ScreenOutput, recorder: CastRecorder) { (self.inner, self.recorder) = (inner, recorder) }

  func present(_ screen: Screen) {
    inner.present(screen)
    recorder.record(frame: screen)
  }

  func invalidate() { inner.invalidate() }
}

private final class RecordingInput: InputSource {
  let inner: any InputSource
  let recorder: CastRecorder

  init(inner: any InputSource, recorder: CastRecorder) { (self.inner, self.recorder) = (inner, recorder) }

  func next() -> InputBatch {
    let batch = inner.next()
    if case .events(let events) = batch { recorder.record(input: events) }
    return batch
  }
}
