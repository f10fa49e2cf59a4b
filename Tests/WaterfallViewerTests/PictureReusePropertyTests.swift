import Pictures
import ShopCatalog
import TestSupport
import Testing
import WaterfallKit
import WaterfallViewer

/// The SDWebImage contract, checked against random scrolling, resizes, column changes, refreshes and random
/// picture latencies: a box shows its own item's picture or the placeholder, never another item's, not for one
/// frame; every box that stays in view gets its picture; a load whose box left never writes into a box.
///
/// The viewer is driven directly and its picture effects are answered by a simulated loader: each picture is a
/// grid of one private-use character that names the item it was made for (read from the picture's source), so
/// a picture in the wrong box is seen on the screen.
@Suite("Pictures in reused boxes")
struct PictureReusePropertyTests {
  static let seeds: [UInt64] = Array(1...12)

  @Test("after every step each box shows its own picture or the placeholder", arguments: seeds)
  func ownPictureOrPlaceholder(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var harness = PictureHarness(random: &random)
    for step in 0..<300 {
      let action = harness.randomStep(&random)
      if let failure = harness.checkScreen() {
        Issue.record("seed \(seed) step \(step) after \(action): \(failure)")
        return
      }
    }
    // Quiet: every pending picture arrives; then every box on screen has its own.
    harness.deliverEverything()
    if let failure = harness.checkScreen(requireEveryPicture: true) {
      Issue.record("seed \(seed), once quiet: \(failure)")
    }
    #expect(harness.deliveredAfterCancel > 0 || seed > 3, "late deliveries of cancelled loads were exercised")
  }
}

/// A viewer, a feed of items, and a simulated picture loader with random latencies.
struct PictureHarness {
  static let itemsPerPage = 20
  let viewer: Viewer
  /// Every item the feed can serve; each refresh serves a window further on, so the same index means
  /// another item after a refresh.
  let allItems = AppFixture.items(2_000, titlePrefix: "pic")
  let pageCount: Int
  var refreshes = 0
  var now = 0
  /// Pending picture deliveries: due time, and the result.
  var pending: [(due: Int, result: PictureResult)] = []
  var pendingPages: [PageDelivery] = []
  /// Loads the viewer cancelled whose result was delivered anyway (a result already on its way).
  var deliveredAfterCancel = 0
  private var cancelledItems: Set<PictureSlot> = []

  init(random: inout SeededGenerator) {
    pageCount = random.next(in: 2...5)
    var options = AppFixture.options()
    options.pictures = PictureStyle()
    viewer = Viewer(
      screenSize: GridSize(width: random.next(in: 30...140), height: random.next(in: 10...45)), options: options)
    perform(viewer.update(.start), random: &random)
    deliverPages(random: &random)
  }

  /// The item number a picture source names (`https://img.test/N.jpg`).
  static func itemNumber(_ source: PictureSource) -> Int? {
    guard case .notLocal(let text) = source, let name = text.split(separator: "/").last else { return nil }
    return Int(name.split(separator: ".")[0])
  }

  /// The character a picture of item `number` is drawn with.
  static func mark(_ number: Int) -> Character { Character(Unicode.Scalar(0xE000 + UInt32(number))!) }

  mutating func randomStep(_ random: inout SeededGenerator) -> String {
    let tokens = [
      "j", "k", "C-d", "C-u", "G", "g", "+", "-", "=", "l", "h", "Enter", "Escape", "wheeldown:5,5", "wheelup:5,5",
    ]
    let action: String
    switch random.next(in: 0...19) {
    case 0:
      action = "resize"
      perform(
        viewer.update(.input(.resize(width: random.next(in: 24...160), height: random.next(in: 8...50)))),
        random: &random)
    case 1:
      action = "r"
      perform(viewer.update(.input(.key(.character("r")))), random: &random)
    case 2...5:
      action = "wait"
    default:
      let token = tokens[random.next(in: 0...(tokens.count - 1))]
      action = token
      for case .event(let event) in try! KeyScript.parse(token) {
        perform(viewer.update(.input(event)), random: &random)
      }
    }
    now += random.next(in: 0...120)
    if random.next(in: 0...2) == 0 { deliverPages(random: &random) }
    deliverDue(random: &random)
    perform(viewer.update(.tick(now: now)), random: &random)
    return action
  }

  mutating func deliverEverything() {
    var random = SeededGenerator(seed: 99)
    for _ in 0..<20 {
      deliverPages(random: &random)
      now += 10_000
      deliverDue(random: &random)
      perform(viewer.update(.tick(now: now)), random: &random)
      if pending.isEmpty && pendingPages.isEmpty { return }
    }
  }

  private mutating func deliverPages(random: inout SeededGenerator) {
    let pages = pendingPages
    pendingPages = []
    for delivery in pages { perform(viewer.update(.pageArrived(delivery)), random: &random) }
  }

  private mutating func deliverDue(random: inout SeededGenerator) {
    let due = pending.filter { $0.due <= now }
    pending.removeAll { $0.due <= now }
    for (_, result) in due {
      if cancelledItems.contains(result.request.item) { deliveredAfterCancel += 1 }
      perform(viewer.update(.pictureArrived(result)), random: &random)
    }
  }

  private mutating func perform(_ effects: [Effect], random: inout SeededGenerator) {
    for effect in effects {
      switch effect {
      case .loadPage(let load):
        if load.request.kind == .refresh { refreshes += 1 }
        let first = (refreshes * 7) % 1_000
        let served = ItemCatalogue(
          items: Array(allItems[first..<first + pageCount * Self.itemsPerPage]), pageSize: Self.itemsPerPage)
        pendingPages.append(PageDelivery(load: load, response: served.fetch(load.pageRequest)))
      case .loadPicture(let request):
        cancelledItems.remove(request.item)
        pending.removeAll { $0.result.request.item == request.item && random.next(in: 0...1) == 0 }
        pending.append((now + random.next(in: 0...400), Self.picture(for: request, random: &random)))
      case .cancelPicture(let item):
        // Half the time the result was already on its way and arrives anyway.
        cancelledItems.insert(item)
        if random.next(in: 0...1) == 0 { pending.removeAll { $0.result.request.item == item } }
      case .cancelPictures(let generation):
        pending.removeAll { $0.result.request.generation < generation && random.next(in: 0...1) == 0 }
      case .cancelPageLoad, .findMatches, .countFacet, .locateItem, .redrawAll, .quit, .openExternally,
        .copyToClipboard,
        .measure, .cancelMeasure, .loadFarPage:
        break
      }
    }
  }

  /// The picture a real loader would make: a grid of the requested size, every cell the item's mark; now and
  /// then a failure instead.
  static func picture(for request: PictureRequest, random: inout SeededGenerator) -> PictureResult {
    let size = request.key.size
    guard let number = itemNumber(request.key.source), random.next(in: 0...9) > 0 else {
      return PictureResult(
        request: request, outcome: .failure(PictureFailure(.decodingFailed, "broken")), fromCache: false)
    }
    let cell = PictureCell(character: mark(number), foreground: .palette(UInt8(number % 256)), background: .box)
    let grid = PictureGrid(size: size, cells: Array(repeating: cell, count: size.columns * size.rows))
    return PictureResult(request: request, outcome: .success(grid), fromCache: false)
  }

  /// Reads every box on the screen: a picture cell must carry the box's own item's mark.
  func checkScreen(requireEveryPicture: Bool = false) -> String? {
    let screen = viewer.renderedScreen()
    let waterfall = viewer.waterfall
    guard !viewer.state.isTooSmall, viewer.state.panel.overlay == nil, waterfall.contentState == .items else {
      return nil
    }
    let shades = Set(viewer.options.glyphs.shades)
    for index in waterfall.indicesInViewport {
      let frame = waterfall.layout.frame(of: index)
      let own = Self.itemNumber(PictureSource.resolve(viewer.store.items[index].imageURL, relativeTo: ""))
      let imageRows = viewer.options.metrics.imageRows(
        aspectRatio: viewer.store.displayItems[index].aspectRatio, columnWidth: frame.width)
      var sawPicture = false
      var sawFailure = false
      for line in 1...imageRows {
        let y = frame.y + line - waterfall.contentOffset
        guard y >= 0, y < waterfall.viewportSize.height else { continue }
        for x in (frame.x + 1)..<(frame.x + frame.width - 1) {
          guard let character = screen[x, y].character,
            let scalar = character.unicodeScalars.first, (0xE000...0xF8FF).contains(scalar.value)
          else {
            if screen[x, y].style == Style(foreground: .red, attributes: [.bold]) { sawFailure = true }
            continue
          }
          sawPicture = true
          let shown = Int(scalar.value - 0xE000)
          if shown != own { return "box #\(index) (item \(own ?? -1)) shows item \(shown)'s picture" }
        }
      }
      // A failed picture's mark is on its middle row, which may be off screen.
      if case .failed? = viewer.pictures[.box(index)] { sawFailure = true }
      if requireEveryPicture, !sawPicture, !sawFailure {
        let row = frame.y + 1 - waterfall.contentOffset
        let visibleShade = row >= 0 && row < screen.height && shades.contains(screen[frame.x + 1, row].character ?? " ")
        if visibleShade {
          return "box #\(index) still shows the placeholder once everything arrived"
        }
      }
    }
    return nil
  }
}
