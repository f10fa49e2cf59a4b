import Foundation
import Pictures
import WaterfallViewer

/// The kitty graphics protocol: each picture is sent once (by image id, in chunks, quietly), then placed per box
/// with a placement id; a box partly on screen shows its rows through a source rectangle; placements that leave
/// are deleted, and images beyond the memory bound, least recently used first, are freed. Placements sit under
/// the text and under coloured cells, so a price drawn over a picture keeps its label.
final class KittyPainter: PixelPainter {
  private struct Placement: Equatable {
    var image: UInt32
    var x: Int
    var y: Int
    var columns: Int
    var firstRow: Int
    var shownRows: Int
  }

  private struct SentImage {
    var id: UInt32
    var bytes: Int
    var lastUsed: UInt64
  }

  private let passthrough: Bool
  private let memoryLimit: Int
  private var images: [UInt64: SentImage] = [:]
  private var sentBytes = 0
  private var placements: [Int: Placement] = [:]
  private var placementIDs: [Int: UInt32] = [:]
  private var nextImageID: UInt32 = 1
  private var nextPlacementID: UInt32 = 1
  private var frame: UInt64 = 0
  private var forgotten = false

  /// Under the text and under cells with a background colour of their own (a price's label), over the rest.
  static let underText = -1_073_741_825

  /// The base64 payload of one chunk (the protocol's limit is 4096).
  static let chunkSize = 4096

  /// `memoryLimit`: bytes of pixels kept in the terminal (kitty's own quota is 320 MB).
  init(passthrough: Bool = false, memoryLimit: Int = 96 << 20) {
    self.passthrough = passthrough
    self.memoryLimit = memoryLimit
  }

  var allowsLineScrolling: Bool { true }

  func forgetTerminal() { forgotten = true }

  func paint(_ shown: [ScreenPicture], screen: Screen, textChanges: [ScreenChange]) -> PaintBytes {
    frame += 1
    var out: [UInt8] = []
    if forgotten {
      // What the terminal shows is unknown: take every placement off (the images stay) and place again.
      out += command("a=d,d=a,q=2")
      placements.removeAll()
      forgotten = false
    }
    let shownIDs = Set(shown.map(\.id))
    for (id, placement) in placements.sorted(by: { $0.key < $1.key }) where !shownIDs.contains(id) {
      out += command("a=d,d=i,i=\(placement.image),p=\(placementID(for: id)),q=2")
      placements[id] = nil
    }
    for picture in shown {
      let image = send(picture.picture, into: &out)
      let wanted = Placement(
        image: image, x: picture.x, y: picture.y, columns: picture.columns, firstRow: picture.firstRow,
        shownRows: picture.shownRows)
      guard placements[picture.id] != wanted else { continue }
      if let old = placements[picture.id], old.image != image {
        out += command("a=d,d=i,i=\(old.image),p=\(placementID(for: picture.id)),q=2")
      }
      let rowHeight = picture.picture.height / max(1, picture.rows)
      out += TerminalEscapes.cursor(x: picture.x, y: picture.y)
      out += command(
        "a=p,i=\(image),p=\(placementID(for: picture.id)),x=0,y=\(picture.firstRow * rowHeight),"
          + "w=\(picture.picture.width),h=\(picture.shownRows * rowHeight),c=\(picture.columns),"
          + "r=\(picture.shownRows),C=1,z=\(Self.underText),q=2")
      placements[picture.id] = wanted
    }
    out += evict(keeping: Set(shown.map(\.picture.id)))
    guard !out.isEmpty else { return PaintBytes() }
    return PaintBytes(after: TerminalEscapes.saveCursor + out + TerminalEscapes.restoreCursor)
  }

  func removeAll() -> [UInt8] {
    placements.removeAll()
    images.removeAll()
    sentBytes = 0
    return command("a=d,d=A,q=2")
  }

  /// The image's id, sending its pixels first if the terminal does not have them.
  private func send(_ picture: PixelPicture, into out: inout [UInt8]) -> UInt32 {
    if let sent = images[picture.id] {
      images[picture.id]?.lastUsed = frame
      return sent.id
    }
    let id = nextImageID
    nextImageID = nextImageID == UInt32.max ? 1 : nextImageID + 1
    let payload = Array(Data(picture.pixels).base64EncodedString().utf8)
    var start = 0
    repeat {
      let end = min(payload.count, start + Self.chunkSize)
      let more = end < payload.count ? 1 : 0
      let keys =
        start == 0 ? "a=t,f=32,s=\(picture.width),v=\(picture.height),i=\(id),q=2,m=\(more)" : "m=\(more),q=2"
      out += command(keys, payload: payload[start..<end])
      start = end
    } while start < payload.count
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
      if onScreen.contains(key) { continue }
      out += command("a=d,d=I,i=\(image.id),q=2")
      images[key] = nil
      sentBytes -= image.bytes
    }
    return out
  }

  private func placementID(for id: Int) -> UInt32 {
    if let known = placementIDs[id] { return known }
    let new = nextPlacementID
    nextPlacementID += 1
    placementIDs[id] = new
    return new
  }

  private func command(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
    var bytes = Array("\u{1B}_G\(keys)".utf8)
    if !payload.isEmpty { bytes += [UInt8(ascii: ";")] + payload }
    bytes += [0x1B, UInt8(ascii: "\\")]
    return passthrough ? TerminalEscapes.tmuxPassthrough(bytes) : bytes
  }
}
