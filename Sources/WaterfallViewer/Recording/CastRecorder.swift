import WaterfallKit

/// Records a run as asciicast v2 as it goes: each frame's bytes (``TerminalFrameEncoder``) as an output event, a
/// size change as a resize event, and, only when asked, each input event as the bytes a terminal would send. The
/// time comes from the run's clock (simulated in tapes, real in `--record`); lines go to `write` (a file, or
/// memory).
public final class CastRecorder {
  private let clock: any Clock
  private let recordsInput: Bool
  private let write: ([UInt8]) -> Void
  /// Writes each frame already escaped for the line's JSON string.
  private var encoder = TerminalFrameEncoder(escapingForJSON: true)
  /// One frame's line, reused for every frame.
  private var lineBytes: [UInt8] = []
  private var size: GridSize?
  private let startMilliseconds: Int

  /// Writes the header at once (`cast`: the size and arguments; its events are ignored).
  public convenience init(
    header cast: Asciicast, clock: any Clock, recordsInput: Bool, write: @escaping (String) -> Void
  ) {
    self.init(header: cast, clock: clock, recordsInput: recordsInput) { write(String(decoding: $0, as: UTF8.self)) }
  }

  /// Lines go to `writeBytes` as UTF-8 (a tape keeps them in one buffer, no String in between).
  public init(
    header cast: Asciicast, clock: any Clock, recordsInput: Bool, writeBytes: @escaping ([UInt8]) -> Void
  ) {
    (self.clock, self.recordsInput, self.write) = (clock, recordsInput, writeBytes)
    startMilliseconds = clock.milliseconds
    size = GridSize(width: cast.width, height: cast.height)
    writeBytes(Array((cast.headerLine + "\n").utf8))
  }

  private var seconds: Double { Double(clock.milliseconds - startMilliseconds) / 1000 }

  public func record(frame screen: Screen) {
    let screenSize = GridSize(width: screen.width, height: screen.height)
    if screenSize != size {
      size = screenSize
      emit(.resize, "\(screen.width)x\(screen.height)")
    }
    // The line's start, then the frame straight into its JSON string (``Asciicast/appendLine``'s layout): a
    // frame with pictures is kilobytes, copied once instead of three times.
    lineBytes.removeAll(keepingCapacity: true)
    Asciicast.appendLineStart(time: seconds, kind: .output, to: &lineBytes)
    let frameStart = lineBytes.count
    encoder.encode(screen, appendingTo: &lineBytes)
    if lineBytes.count > frameStart {
      lineBytes += Asciicast.lineEnd
      write(lineBytes)
    }
  }

  /// Ends the recording now: an empty output event, so a player holds the last frame until this time.
  public func finish() {
    emit(.output, "")
  }

  public func record(input events: [InputEvent]) {
    guard recordsInput else { return }
    for event in events {
      if let bytes = InputEventEncoding.bytes(event) { emit(.input, bytes) }
    }
  }

  private func emit(_ kind: Asciicast.Event.Kind, _ data: String) {
    write(Array((Asciicast.line(Asciicast.Event(time: seconds, kind: kind, data: data)) + "\n").utf8))
  }

  /// The runner's output, recorded on the way.
  public func output(wrapping output: any ScreenOutput) -> any ScreenOutput {
    RecordingOutput(inner: output, recorder: self)
  }

  /// The runner's link opener, each answer kept as a marker (``Asciicast/openAnswers``) for the replay.
  public func opener(wrapping opener: any ExternalOpener) -> any ExternalOpener {
    RecordingAnswers(inner: opener, recorder: self)
  }

  /// A marker of the session's own (a frame over budget), which a replay passes by.
  fileprivate func record(marker label: String) {
    emit(.marker, label)
  }

  fileprivate func record(openAnswer: String?) {
    emit(.marker, Asciicast.openMarkerPrefix + (openAnswer ?? ""))
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

  func mark(_ label: String) {
    inner.mark(label)
    recorder.record(marker: label)
  }
}

private final class RecordingAnswers: ExternalOpener {
  let inner: any ExternalOpener
  let recorder: CastRecorder

  init(inner: any ExternalOpener, recorder: CastRecorder) { (self.inner, self.recorder) = (inner, recorder) }

  func open(_ address: String) -> String? {
    let answer = inner.open(address)
    recorder.record(openAnswer: answer)
    return answer
  }
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
