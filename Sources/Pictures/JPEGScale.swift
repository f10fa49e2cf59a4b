/// How a JPEG reaches the size a box needs: libjpeg decodes it at 1/`shrink` (it skips the finer frequencies, the
/// cheapest way to a smaller picture), then one resize by `resize` takes it down to the size itself.
struct JPEGScale: Hashable, Sendable {
  /// 1, 2, 4 or 8.
  let shrink: Int
  /// The final resize, at most 1 (1: none; a picture is never enlarged).
  let resize: Double

  static let shrinks = [8, 4, 2, 1]

  /// The largest shrink whose decode still covers `covering` (upright pixels; orientation does not matter, both
  /// sides shrink alike), and the resize from there: as close to libjpeg's own scaled decode as a box can get.
  static func choose(source: PictureDimensions, covering: (width: Int, height: Int)) -> JPEGScale {
    let shrink =
      shrinks.first { shrink in
        decoded(source.width, shrink) >= covering.width && decoded(source.height, shrink) >= covering.height
      } ?? 1
    let width = decoded(source.width, shrink)
    let height = decoded(source.height, shrink)
    let resize = min(1, max(Double(covering.width) / Double(width), Double(covering.height) / Double(height)))
    return JPEGScale(shrink: shrink, resize: resize)
  }

  /// libjpeg's size for a side decoded at 1/`shrink`: rounded up.
  static func decoded(_ side: Int, _ shrink: Int) -> Int { (side + shrink - 1) / shrink }
}
