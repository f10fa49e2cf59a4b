import Foundation
import Testing

@testable import WaterfallTerminal

/// What reached the "terminal", in order, from whichever thread wrote it.
final class RecordingTerminal: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []

  func write(_ written: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    bytes += written
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return WaterfallTerminalTests.text(bytes)
  }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Waits (a generous deadline, not a sleep) until `condition` holds.
private func eventually(_ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(20)
  while !condition() {
    guard Date() < deadline else { return false }
    sched_yield()
  }
  return true
}

@Suite("pictures sent between frames: the queue's order")
struct PictureQueueTests {
  @Test("a frame goes before the pictures queued before it; each picture whole, its latest placement right after it")
  func frameFirstPicturesWhole() {
    let terminal = RecordingTerminal()
    let queue = PictureQueue(threaded: false, write: terminal.write)
    queue.send(image: 1, commands: [bytes("[A1]"), bytes("[A2]")])
    queue.send(image: 2, commands: [bytes("[B1]")])
    #expect(queue.place(bytes("[old place 1]"), of: 1))
    #expect(queue.place(bytes("[place 1]"), of: 1))
    queue.withTerminal { terminal.write(bytes("[frame]")) }
    #expect(queue.writeNextPicture())
    #expect(queue.writeNextPicture())
    #expect(!queue.writeNextPicture(), "nothing left")
    #expect(terminal.text == "[frame][A1][A2][place 1][B1]")
    #expect(!queue.place(bytes("[place 1]"), of: 1), "sent: the painter places it itself")
  }

  @Test("pictures whose boxes left before they were sent are dropped, with their placements")
  func dropped() {
    let terminal = RecordingTerminal()
    let queue = PictureQueue(threaded: false, write: terminal.write)
    for image: UInt32 in 1...3 { queue.send(image: image, commands: [bytes("[\(image)]")]) }
    #expect(queue.place(bytes("[place 2]"), of: 2))
    #expect(queue.keep(only: [1]) == [2, 3])
    #expect(!queue.isPending(2) && queue.isPending(1))
    #expect(!queue.place(bytes("[place 2]"), of: 2))
    while queue.writeNextPicture() {}
    #expect(terminal.text == "[1]")
  }

  @Test("on a writer thread, a frame waits behind the picture being written only, not those queued after it")
  func frameBetweenPictures() {
    let terminal = RecordingTerminal()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let queue = PictureQueue { written in
      if written.first == UInt8(ascii: "A") {
        entered.signal()
        release.wait()
      }
      terminal.write(written)
    }
    defer { queue.finish() }
    queue.send(image: 1, commands: [bytes("A1"), bytes("A2")])
    queue.send(image: 2, commands: [bytes("B1")])
    #expect(entered.wait(timeout: .now() + 20) == .success, "the writer began the first picture")
    let framed = DispatchSemaphore(value: 0)
    Thread {
      queue.withTerminal { terminal.write(bytes("[frame]")) }
      framed.signal()
    }.start()
    #expect(eventually { queue.waitingFrames == 1 }, "the frame waits for the picture being written")
    release.signal()
    #expect(framed.wait(timeout: .now() + 20) == .success)
    #expect(eventually { terminal.text.hasSuffix("B1") })
    #expect(terminal.text == "A1A2[frame]B1")
  }

  @Test("leaving drops what was not begun; nothing is written after")
  func finish() {
    let terminal = RecordingTerminal()
    let queue = PictureQueue(threaded: false, write: terminal.write)
    queue.send(image: 1, commands: [bytes("[1]")])
    queue.finish()
    queue.send(image: 2, commands: [bytes("[2]")])
    #expect(!queue.writeNextPicture())
    #expect(terminal.text.isEmpty)
  }
}
