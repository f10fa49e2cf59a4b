import Foundation
import Pictures
import WaterfallViewer

/// The kitty graphics protocol: each picture is sent once (by image id, deflated, in chunks, quietly), then placed
/// per box; a box partly on screen shows its rows through a source rectangle; when what is on screen changes, the
/// placements are deleted and those on screen placed again (pictures are not sent again), and images beyond the
/// memory bound, least recently used first, are freed. Placements cover the text, so a picture's rows with text
/// over them (a price) stay symbols. In the viewer new pictures go through a ``PictureQueue``, between frames,
/// each placed right after it arrives.
final class KittyPainter: PixelPainter {
  private struct SentImage {
    var id: UInt32
    var bytes: Int
    var lastUsed: UInt64
  }

  /// Inside tmux: the pane's top left corner on the terminal; every command goes through passthrough, a
  /// placement with its cursor move (tmux would not move the terminal's cursor before handing a block on).
  private var tmuxPane: (x: Int, y: Int)?
  private let memoryLimit: Int
  private var images: [UInt64: SentImage] = [:]
  private var sentBytes = 0
  private var placements: [Int: ScreenPicture] = [:]
  private var nextImageID: UInt32 = 1
  private var frame: UInt64 = 0
  private var forgotten = false
  /// Where new pictures go, to be written between frames (``PictureQueue``); `nil`: into the frame's bytes.
  private var queue: PictureQueue?

  /// Over the text: kitty 0.26 leaves old text showing through the blank cells over a placement under the text
  /// (seen with its software renderer). Rows with text over the picture (a price) are left to the symbols
  /// instead (``drawable(_:in:)``).
  static let overText = 1

  /// `memoryLimit`: bytes of pixels kept in the terminal (kitty's own quota is 320 MB).
  init(tmuxPane: (x: Int, y: Int)? = nil, memoryLimit: Int = 96 << 20) {
    self.tmuxPane = tmuxPane
    self.memoryLimit = memoryLimit
  }

  func forgetTerminal() { forgotten = true }

  func sendPictures(through queue: PictureQueue) { self.queue = queue }

  /// A pane that moved (a split, a zoom) has every placement placed again at its new corner. Kitty scales each
  /// placement to its cells, so the cell size changes nothing here.
  func terminalChanged(tmuxPane corner: GraphicsSetup.TmuxPane?, cellPixels: CellPixelSize) {
    guard let corner, let old = tmuxPane, (old.x, old.y) != (corner.x, corner.y) else { return }
    tmuxPane = (corner.x, corner.y)
    forgotten = true
  }

  func drawable(_ shown: [ScreenPicture], in screen: Screen) -> [ScreenPicture] {
    shown.compactMap { picture in
      var picture = picture
      func hasText(_ y: Int) -> Bool {
        (picture.x..<picture.x + picture.columns).contains { !screen[$0, y].isPicture }
      }
      while picture.shownRows > 0, hasText(picture.y + picture.shownRows - 1) { picture.shownRows -= 1 }
      while picture.shownRows > 0, hasText(picture.y) {
        picture.y += 1
        picture.firstRow += 1
        picture.shownRows -= 1
      }
      return picture.shownRows > 0 ? picture : nil
    }
  }

  func paint(_ shown: [ScreenPicture], screen: Screen, textChanges: [ScreenChange]) -> PaintBytes {
    frame += 1
    dropQueuedPictures(keeping: Set(shown.map(\.picture.id)))
    var sent: [UInt8] = []
    var wanted: [Int: ScreenPicture] = [:]
    var imageIDs: [Int: UInt32] = [:]
    for picture in shown {
      imageIDs[picture.id] = send(picture.picture, into: &sent)
      wanted[picture.id] = picture
    }
    sent += evict(keeping: Set(shown.map(\.picture.id)))
    guard wanted != placements || forgotten || !sent.isEmpty else { return PaintBytes() }
    // kitty 0.26 neither replaces a placement sent again under its ids nor deletes one by its placement id (nor
    // all at once with d=a): every placement of each image shown goes, and those on screen are placed anew.
    let placed = forgotten ? Array(images.values.map(\.id)) : placements.values.compactMap { images[$0.picture.id]?.id }
    let deletes = Set(placed).sorted().flatMap { command("a=d,d=i,i=\($0),q=2") }
    var places: [UInt8] = []
    for picture in shown {
      guard let image = imageIDs[picture.id] else { continue }
      let cursor = TerminalEscapes.cursor(x: picture.x + (tmuxPane?.x ?? 0), y: picture.y + (tmuxPane?.y ?? 0))
      let rows = "\(sourceRectangle(picture))c=\(picture.columns),r=\(picture.shownRows)"
      let place = wrapped(cursor + unwrappedCommand("a=p,i=\(image),\(rows),C=1,z=\(Self.overText),q=2"))
      // A picture still queued is placed right after it arrives (kitty would drop a placement of an image it
      // does not have yet).
      let deferred = wrapped(TerminalEscapes.saveCursor) + place + wrapped(TerminalEscapes.restoreCursor)
      if queue?.place(deferred, of: image) == true { continue }
      places += place
    }
    placements = wanted
    forgotten = false
    // The old placements go before curses writes the frame's text and the new ones come after it, so a region
    // that curses scrolls carries no placement along (kitty moves placements with the lines they are on), and
    // curses may scroll: a one-row step costs the placements and the row that came in, not every line. One
    // synchronized update around both, so kitty never draws the frame between them.
    let after =
      places.isEmpty
      ? wrapped(TerminalEscapes.endSynchronized)
      : wrapped(TerminalEscapes.saveCursor) + places
        + wrapped(TerminalEscapes.restoreCursor + TerminalEscapes.endSynchronized)
    return PaintBytes(before: wrapped(TerminalEscapes.beginSynchronized) + sent + deletes, after: after)
  }

  /// The rows of the picture shown (the whole width; kitty's defaults leave out what is 0 or whole).
  private func sourceRectangle(_ picture: ScreenPicture) -> String {
    let rowHeight = picture.picture.height / max(1, picture.rows)
    let top = picture.firstRow * rowHeight
    let height = picture.shownRows * rowHeight
    guard top > 0 || height < picture.picture.height else { return "" }
    return top > 0 ? "y=\(top),h=\(height)," : "h=\(height),"
  }

  func removeAll() -> [UInt8] {
    placements.removeAll()
    images.removeAll()
    sentBytes = 0
    return command("a=d,d=A,q=2")
  }

  /// Inside tmux, `block` through passthrough. Each command goes on its own: tmux 3.3 drops a passthrough
  /// sequence longer than about 1 MB whole, and one frame of new pictures can be longer.
  private func wrapped(_ block: [UInt8]) -> [UInt8] {
    tmuxPane == nil ? block : TerminalEscapes.tmuxPassthrough(block)
  }

  /// The image's id, sending its pixels first if the terminal does not have them.
  private func send(_ picture: PixelPicture, into out: inout [UInt8]) -> UInt32 {
    if let sent = images[picture.id] {
      images[picture.id]?.lastUsed = frame
      return sent.id
    }
    let id = nextImageID
    nextImageID = nextImageID == UInt32.max ? 1 : nextImageID + 1
    let commands = KittyTransmission.commands(for: picture, id: id).map(wrapped)
    if let queue {
      queue.send(image: id, commands: commands)
    } else {
      for command in commands { out += command }
    }
    images[picture.id] = SentImage(id: id, bytes: picture.pixels.count, lastUsed: frame)
    sentBytes += picture.pixels.count
    return id
  }

  /// Frees the least recently used images beyond the memory bound, never one on screen.
  private func evict(keeping onScreen: Set<UInt64>) -> [UInt8] {
    guard sentBytes > memoryLimit else { return [] }
    var out: [UInt8] = []
    for (key, image) in images.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
      guard sentBytes > memoryLimit else { break }
      if onScreen.contains(key) || queue?.isPending(image.id) == true { continue }
      out += command("a=d,d=I,i=\(image.id),q=2")
      images[key] = nil
      sentBytes -= image.bytes
    }
    return out
  }

  /// Queued pictures whose boxes are no longer shown are dropped before the terminal gets them: forgotten here,
  /// so they are sent again if they come back.
  private func dropQueuedPictures(keeping onScreen: Set<UInt64>) {
    guard let queue else { return }
    let dropped = Set(queue.keep(only: Set(onScreen.compactMap { images[$0]?.id })))
    guard !dropped.isEmpty else { return }
    for (key, image) in images where dropped.contains(image.id) {
      images[key] = nil
      sentBytes -= image.bytes
    }
  }

  /// One graphics command, through passthrough inside tmux.
  private func command(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
    wrapped(unwrappedCommand(keys, payload: payload))
  }

  private func unwrappedCommand(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
    KittyTransmission.command(keys, payload: payload)
  }
}
