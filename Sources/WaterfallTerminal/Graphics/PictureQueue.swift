import Foundation
import Glibc
import Locking

/// Pictures on their way to the terminal, written by a thread of their own between frames, so that on a slow link
/// a frame waits behind at most the one picture being written instead of every picture queued before it.
///
/// The terminal has one writer at a time: a frame (curses' text and the painter's commands) holds it through
/// ``withTerminal(_:)``; the writer thread takes it for one whole picture (its commands, then its latest
/// placement) whenever no frame holds it or waits for it. A picture is never cut: kitty takes no other graphics
/// command inside a chunked transmission, and a frame's bytes must not land inside one. Pictures whose boxes left
/// the screen before they were written are dropped with their placements (``keep(only:)``).
public final class PictureQueue: Sendable {
  private struct Transmission {
    let image: UInt32
    let commands: [[UInt8]]
    var placement: [UInt8] = []
  }

  private struct State {
    var pending: [Transmission] = []
    var writingPicture = false
    var frameHolds = false
    /// Frames waiting for the terminal: they go before any picture still queued.
    var framesWaiting = 0
    var finished = false
    var writerStarted = false

    var frameMayWrite: Bool { !writingPicture && !frameHolds }
    var pictureMayGo: Bool { finished || (!pending.isEmpty && !frameHolds && framesWaiting == 0) }
  }

  private let state = Locked(State())
  private let threaded: Bool
  private let write: @Sendable ([UInt8]) -> Void

  /// `write`: puts bytes on the terminal (blocking until it took them all). `threaded`: a thread writes pictures
  /// as they come (tests drive ``writeNextPicture()`` themselves instead).
  init(threaded: Bool = true, write: @escaping @Sendable ([UInt8]) -> Void = PictureQueue.writeToStandardOutput) {
    self.threaded = threaded
    self.write = write
  }

  /// Queues image `image`'s commands (each a whole escape sequence), after those queued before.
  func send(image: UInt32, commands: [[UInt8]]) {
    let startsWriter = state.withLock { state in
      guard !state.finished else { return false }
      state.pending.append(Transmission(image: image, commands: commands))
      defer { state.writerStarted = state.writerStarted || threaded }
      return threaded && !state.writerStarted
    }
    state.wakeWaiters()
    guard startsWriter else { return }
    let thread = Thread { [self] in while writeNextPicture(waiting: true) {} }
    thread.name = "picture writer"
    thread.start()
  }

  /// How many frames wait for the terminal.
  var waitingFrames: Int { state.withLock { $0.framesWaiting } }

  /// Whether image `image` is still queued (not yet on the terminal).
  func isPending(_ image: UInt32) -> Bool {
    state.withLock { state in state.pending.contains { $0.image == image } }
  }

  /// Makes `bytes` (a placement, whole) image `image`'s placement, written right after its last command, in place
  /// of any placement given before. False when the image is not queued: the caller places it itself.
  func place(_ bytes: [UInt8], of image: UInt32) -> Bool {
    state.withLock { state in
      guard let index = state.pending.firstIndex(where: { $0.image == image }) else { return false }
      state.pending[index].placement = bytes
      return true
    }
  }

  /// Drops every queued picture but those of `images` (their boxes left the screen before they were sent), with
  /// their placements; returns the images dropped, which the terminal never got.
  func keep(only images: Set<UInt32>) -> [UInt32] {
    state.withLock { state in
      let dropped = state.pending.filter { !images.contains($0.image) }.map(\.image)
      state.pending.removeAll { !images.contains($0.image) }
      return dropped
    }
  }

  /// Runs `body` (which writes a frame) with the terminal to itself: after the picture being written, if any,
  /// and before every picture still queued.
  func withTerminal<Result>(_ body: () throws -> Result) rethrows -> Result {
    state.withLock { $0.framesWaiting += 1 }
    while true {
      state.wait { $0.frameMayWrite }
      let taken = state.withLock { state in
        guard state.frameMayWrite else { return false }
        state.framesWaiting -= 1
        state.frameHolds = true
        return true
      }
      if taken { break }
    }
    defer {
      state.withLock { $0.frameHolds = false }
      state.wakeWaiters()
    }
    return try body()
  }

  /// Leaving (quit, a signal): drops the pictures not yet begun and waits for the one being written, so no half
  /// command is left on the terminal; nothing is written after. Safe to call more than once.
  func finish() {
    state.withLock { state in
      state.finished = true
      state.pending.removeAll()
    }
    state.wakeWaiters()
    state.wait { !$0.writingPicture }
  }

  /// Writes the first queued picture and its placement, when no frame holds or waits for the terminal; `waiting`:
  /// waits for one (the writer thread). False once finished, or (not waiting) when there was nothing to write.
  @discardableResult
  func writeNextPicture(waiting: Bool = false) -> Bool {
    while true {
      if waiting { state.wait { $0.pictureMayGo } }
      let next: Transmission?? = state.withLock { state in
        guard !state.finished else { return .some(nil) }
        guard state.pictureMayGo else { return nil }
        state.writingPicture = true
        return .some(state.pending.removeFirst())
      }
      guard let next else {
        if waiting { continue }
        return false
      }
      guard let picture = next else { return false }
      write(picture.commands.flatMap { $0 } + picture.placement)
      state.withLock { $0.writingPicture = false }
      state.wakeWaiters()
      return true
    }
  }

  /// All of `bytes` to standard output, blocking (on the writer thread) while the terminal is slow to take them.
  @Sendable static func writeToStandardOutput(_ bytes: [UInt8]) {
    var start = 0
    while start < bytes.count {
      let written = bytes[start...].withUnsafeBufferPointer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      start += written
    }
  }
}
