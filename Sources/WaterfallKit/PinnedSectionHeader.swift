/// A section header held at the top of the viewport while its section scrolls under it, as
/// ``WaterfallLayout/pinnedSectionHeader(atOffset:)`` finds it.
public struct PinnedSectionHeader: Hashable, Sendable {
  public var section: Int
  /// Where to draw the header, in content coordinates: at the viewport top, or above it when the section's end
  /// pushes it up.
  public var frame: GridRect

  public init(section: Int, frame: GridRect) {
    self.section = section
    self.frame = frame
  }
}
