import ArgumentParser
import Pictures
import WaterfallTerminal
import WaterfallViewer

/// How pictures are drawn in the boxes.
struct PictureOptions: ParsableArguments {
  @Flag(name: .long, help: "No pictures: shaded placeholders only.")
  var noImages = false

  @Option(name: .long, help: "Symbols that draw pictures: half, quad, sextant, ascii (also with --ascii).")
  var symbols = PictureSymbols.half

  @Option(
    name: .long,
    help:
      "Picture colours: auto (direct colour when the terminal has it, else 256), 256, direct, none. --no-color and NO_COLOR mean none."
  )
  var color = ColorChoice.auto

  @Option(
    name: .long,
    help:
      "How pictures reach the terminal: auto (asks the terminal), kitty, sixel, iterm2 (real pixels) or symbols. Inside tmux, pixels need allow-passthrough."
  )
  var graphics = GraphicsChoice.auto

  @Option(name: .long, parsing: .unconditional, help: "Memory for drawn pictures and thumbnails, in MB.")
  var imageCacheMb = 64

  enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto
    case palette256 = "256"
    case direct
    case none
  }

  func validate() throws {
    guard (1...4096).contains(imageCacheMb) else { throw ValidationError("--image-cache-mb must be 1 to 4096") }
  }

  /// How the boxes show pictures, or `nil` with `--no-images`. `terminalColors`: the terminal's colour count,
  /// or `nil` for a snapshot (where auto means 256 colours, the same on every machine).
  func display(colorEnabled: Bool, ascii: Bool, terminalColors: Int?) -> PictureStyle? {
    if noImages { return nil }
    let colours: PictureColourMode
    switch color {
    case _ where !colorEnabled: colours = .none
    case .none: colours = .none
    case .palette256: colours = .palette256
    case .direct: colours = .direct
    case .auto:
      let count = terminalColors ?? 256
      colours = count >= 1 << 24 ? .direct : count >= 256 ? .palette256 : .none
    }
    return PictureStyle(symbols: ascii ? .ascii : symbols, colours: colours)
  }

  /// The loader's settings: two workers, the cache split evenly between drawn pictures and thumbnails.
  var loaderConfiguration: PictureLoader.Configuration {
    var configuration = PictureLoader.Configuration()
    configuration.renderCacheBytes = imageCacheMb << 19
    configuration.thumbnailCacheBytes = imageCacheMb << 19
    return configuration
  }
}

extension PictureSymbols: ExpressibleByArgument {}
extension GraphicsChoice: ExpressibleByArgument {}
