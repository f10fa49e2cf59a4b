/// The viewer's colours in one place.
enum Palette {
  static let header = Style(foreground: .cyan, attributes: [.bold])
  static let pull = Style(foreground: .yellow, attributes: [.bold])
  static let border = Style()
  static let focusedBorder = Style(foreground: .cyan, attributes: [.bold])
  static let selectedBorder = Style(foreground: .yellow, attributes: [.bold])
  static let pickMark = Style(foreground: .black, background: .green, attributes: [.bold])
  static let price = Style(foreground: .black, background: .yellow, attributes: [.bold])
  static let title = Style()
  static let searchMatch = Style(foreground: .black, background: .cyan, attributes: [.bold])
  static let sectionHeader = Style(foreground: .black, background: .white, attributes: [.bold])
  static let reuseLabel = Style(foreground: .magenta)
  /// A box whose cell was just taken from the pool (with reuse labels on).
  static let reuseFlash = Style(foreground: .magenta, attributes: [.bold])
  static let inspectorViewport = Style(foreground: .black, background: .cyan)
  static let inspectorBuffer = Style(foreground: .black, background: .blue)
  static let inspectorLive = Style(foreground: .yellow, attributes: [.bold])
  static let inspectorHeading = Style(foreground: .cyan, attributes: [.bold])
  static let inspectorEntered = Style(foreground: .green)
  /// An item entering on a cell from the pool: reuse, what the log is read for, stands out from a new cell.
  static let inspectorReused = Style(foreground: .green, attributes: [.bold])
  static let inspectorLeft = Style(foreground: .red)
  /// An item in view that an original's query did not find.
  static let inspectorMissed = Style(foreground: .white, background: .red, attributes: [.bold])
  static let inspectorQuiet = Style(attributes: [.dim])
  static let footer = Style(attributes: [.dim])
  static let footerBusy = Style(foreground: .cyan)
  static let footerFailed = Style(foreground: .red, attributes: [.bold])
  static let placeholder = Style(attributes: [.bold])
  static let statusBar = Style(attributes: [.reverse])
  static let promptCursor = Style()
  static let overlayBorder = Style(foreground: .cyan, attributes: [.bold])
  static let overlayTitle = Style(attributes: [.bold])
  static let overlayText = Style()
  static let overlayCursor = Style(attributes: [.reverse])
  static let warning = Style(foreground: .red, attributes: [.bold])
  static let pictureFailed = Style(foreground: .red, attributes: [.bold])

  /// Placeholder image colours, picked per item.
  static let imageColors: [TerminalColor] = [.red, .green, .yellow, .blue, .magenta, .cyan]
}
