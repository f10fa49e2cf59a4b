import Pictures
import Testing
import WaterfallViewer

@testable import WaterfallTerminal

@Suite("kitty graphics: pictures sent between frames")
struct KittyQueuedPicturesTests {
  private let cell = CellPixelSize(width: 2, height: 4)

  /// A kitty painter sending its pictures through a queue the test drains by hand, into a recording terminal.
  private func queuedPainter() -> (RecordingTerminal, PictureQueue, KittyPainter) {
    let terminal = RecordingTerminal()
    let queue = PictureQueue(threaded: false, write: terminal.write)
    let painter = KittyPainter()
    painter.sendPictures(through: queue)
    return (terminal, queue, painter)
  }

  @Test("a new picture leaves the frame for the queue, placed right after it arrives; once sent it is only placed")
  func queuedThenPlaced() {
    let (terminal, queue, painter) = queuedPainter()
    let picture = flatPicture(columns: 3, rows: 2, cell: cell)
    let frame = screen(with: [(picture, id: 1, x: 2, y: 1, rows: 0..<2, total: 2)])
    let first = paint(painter, frame)
    #expect(text(first.before) == "⎋[?2026h", "no transmission in the frame")
    #expect(text(first.after) == "⎋[?2026l", "no placement of an image the terminal does not have yet")
    #expect(queue.writeNextPicture())
    #expect(terminal.text.hasPrefix("⎋_Ga=t,f=24,o=z,s=6,v=8,i=1,q=2,m=0;"))
    #expect(terminal.text.hasSuffix("⎋\\⎋7⎋[2;3H⎋_Ga=p,i=1,c=3,r=2,C=1,z=1,q=2⎋\\⎋8"))
    #expect(paint(painter, frame) == PaintBytes(), "nothing changed")
    let scrolled = paint(painter, screen(with: [(picture, id: 1, x: 2, y: 0, rows: 1..<2, total: 2)]))
    #expect(text(scrolled.before) == "⎋[?2026h⎋_Ga=d,d=i,i=1,q=2⎋\\")
    #expect(text(scrolled.after).contains("⎋_Ga=p,i=1,y=4,h=4,c=3,r=1,C=1,z=1,q=2⎋\\"))
    #expect(!queue.writeNextPicture(), "not sent again")
  }

  @Test("a picture whose box left before it was sent is dropped, and sent again when the box comes back")
  func droppedThenSentAgain() {
    let (terminal, queue, painter) = queuedPainter()
    let picture = flatPicture(columns: 2, rows: 1, cell: cell)
    let shown = screen(with: [(picture, id: 5, x: 0, y: 2, rows: 0..<1, total: 1)])
    _ = paint(painter, shown)
    _ = paint(painter, Screen(width: 20, height: 10))
    #expect(!queue.writeNextPicture(), "dropped")
    #expect(terminal.text.isEmpty)
    _ = paint(painter, shown)
    #expect(queue.writeNextPicture())
    #expect(terminal.text.contains("a=t,") && terminal.text.contains("a=p,i=2,"))
  }
}
