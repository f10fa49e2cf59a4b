/// Box-drawing and block characters drawn as rectangles, not from the font: a font's lines rarely meet exactly
/// at cell edges, and borders and picture mosaics are made of these.
enum BoxGlyphs {
  /// A line's weight on each arm: up, right, down, left (0 none, 1 light, 2 heavy, 3 double).
  private static let arms: [UInt32: (UInt8, UInt8, UInt8, UInt8)] = [
    0x2500: (0, 1, 0, 1), 0x2501: (0, 2, 0, 2), 0x2502: (1, 0, 1, 0), 0x2503: (2, 0, 2, 0),
    0x250C: (0, 1, 1, 0), 0x250F: (0, 2, 2, 0), 0x2510: (0, 0, 1, 1), 0x2513: (0, 0, 2, 2),
    0x2514: (1, 1, 0, 0), 0x2517: (2, 2, 0, 0), 0x2518: (1, 0, 0, 1), 0x251B: (2, 0, 0, 2),
    0x251C: (1, 1, 1, 0), 0x2523: (2, 2, 2, 0), 0x2524: (1, 0, 1, 1), 0x252B: (2, 0, 2, 2),
    0x252C: (0, 1, 1, 1), 0x2533: (0, 2, 2, 2), 0x2534: (1, 1, 0, 1), 0x253B: (2, 2, 0, 2),
    0x253C: (1, 1, 1, 1), 0x254B: (2, 2, 2, 2),
    0x2550: (0, 3, 0, 3), 0x2551: (3, 0, 3, 0), 0x2554: (0, 3, 3, 0), 0x2557: (0, 0, 3, 3),
    0x255A: (3, 3, 0, 0), 0x255D: (3, 0, 0, 3), 0x2560: (3, 3, 3, 0), 0x2563: (3, 0, 3, 3),
    0x2566: (0, 3, 3, 3), 0x2569: (3, 3, 0, 3), 0x256C: (3, 3, 3, 3),
    0x256D: (0, 1, 1, 0), 0x256E: (0, 0, 1, 1), 0x256F: (1, 0, 0, 1), 0x2570: (1, 1, 0, 0),
    0x2574: (0, 0, 0, 1), 0x2575: (1, 0, 0, 0), 0x2576: (0, 1, 0, 0), 0x2577: (0, 0, 1, 0),
  ]

  /// Quadrants of U+2596…U+259F: upper left, upper right, lower left, lower right.
  private static let quadrants: [UInt32: (Bool, Bool, Bool, Bool)] = [
    0x2596: (false, false, true, false), 0x2597: (false, false, false, true), 0x2598: (true, false, false, false),
    0x2599: (true, false, true, true), 0x259A: (true, false, false, true), 0x259B: (true, true, true, false),
    0x259C: (true, true, false, true), 0x259D: (false, true, false, false), 0x259E: (false, true, true, false),
    0x259F: (false, true, true, true),
  ]

  /// The mask of `scalar` in a `width` × `height` cell, or `nil` when the font draws it.
  static func mask(_ scalar: Unicode.Scalar, width: Int, height: Int) -> CellMask? {
    let value = scalar.value
    guard (0x2500...0x259F).contains(value) else { return nil }
    var mask = CellMask(width: width, height: height)
    if let arms = arms[value] {
      drawArms(arms, into: &mask)
      return mask
    }
    if let quadrants = quadrants[value] {
      let halfWidth = (width + 1) / 2
      let halfHeight = (height + 1) / 2
      if quadrants.0 { mask.fill(x: 0, y: 0, width: halfWidth, height: halfHeight) }
      if quadrants.1 { mask.fill(x: halfWidth, y: 0, width: width, height: halfHeight) }
      if quadrants.2 { mask.fill(x: 0, y: halfHeight, width: halfWidth, height: height) }
      if quadrants.3 { mask.fill(x: halfWidth, y: halfHeight, width: width, height: height) }
      return mask
    }
    switch value {
    case 0x2580: mask.fill(x: 0, y: 0, width: width, height: (height + 1) / 2)
    case 0x2581...0x2588:
      let eighths = Int(value - 0x2580)
      let filled = (height * eighths + 4) / 8
      mask.fill(x: 0, y: height - filled, width: width, height: filled)
    case 0x2589...0x258F:
      let eighths = Int(0x2590 - value)
      mask.fill(x: 0, y: 0, width: (width * eighths + 4) / 8, height: height)
    case 0x2590: mask.fill(x: width / 2, y: 0, width: width, height: height)
    case 0x2591, 0x2592, 0x2593:
      let shade: [UInt8] = [64, 128, 191]
      mask.fill(x: 0, y: 0, width: width, height: height, value: shade[Int(value - 0x2591)])
    case 0x2594: mask.fill(x: 0, y: 0, width: width, height: max(1, (height + 4) / 8))
    case 0x2595:
      let thin = max(1, (width + 4) / 8)
      mask.fill(x: width - thin, y: 0, width: thin, height: height)
    default: return nil
    }
    return mask
  }

  private static func drawArms(_ arms: (UInt8, UInt8, UInt8, UInt8), into mask: inout CellMask) {
    let (width, height) = (mask.width, mask.height)
    let light = max(1, (width + 5) / 10)
    func thickness(_ weight: UInt8) -> Int { weight == 2 ? light * 2 + 1 : light }
    let widest = max(
      thickness(max(arms.0, arms.2)), thickness(max(arms.1, arms.3)),
      max(arms.0, arms.1, arms.2, arms.3) == 3
        ? light * 3 : 0)
    let centreX = (width - light) / 2
    let centreY = (height - light) / 2
    // Each arm runs from its edge across the centre, far enough to meet the widest crossing stroke.
    let reachLeft = (width + widest) / 2 + 1
    let reachUp = (height + widest) / 2 + 1
    func horizontal(from left: Int, to right: Int, weight: UInt8) {
      let stroke = thickness(weight)
      let top = centreY - (stroke - light) / 2
      if weight == 3 {
        mask.fill(x: left, y: centreY - light, width: right - left, height: light)
        mask.fill(x: left, y: centreY + light, width: right - left, height: light)
      } else {
        mask.fill(x: left, y: top, width: right - left, height: stroke)
      }
    }
    func vertical(from top: Int, to bottom: Int, weight: UInt8) {
      let stroke = thickness(weight)
      let left = centreX - (stroke - light) / 2
      if weight == 3 {
        mask.fill(x: centreX - light, y: top, width: light, height: bottom - top)
        mask.fill(x: centreX + light, y: top, width: light, height: bottom - top)
      } else {
        mask.fill(x: left, y: top, width: stroke, height: bottom - top)
      }
    }
    if arms.3 != 0 { horizontal(from: 0, to: reachLeft, weight: arms.3) }
    if arms.1 != 0 { horizontal(from: width - reachLeft, to: width, weight: arms.1) }
    if arms.0 != 0 { vertical(from: 0, to: reachUp, weight: arms.0) }
    if arms.2 != 0 { vertical(from: height - reachUp, to: height, weight: arms.2) }
  }
}
