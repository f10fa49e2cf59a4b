/// SGR: attributes and colours, in every form xterm reads: `38;5;N` and `38:5:N` (256 colours), `38;2;R;G;B`,
/// `38:2:R:G:B` and `38:2:ID:R:G:B` (direct colour), the bright colours (90–97, 100–107).
extension TerminalEmulator {
  private static let basicColours: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

  mutating func selectGraphicRendition(_ parameters: [[Int]]) {
    let parameters = parameters.isEmpty ? [[0]] : parameters
    var index = 0
    while index < parameters.count {
      let parameter = parameters[index]
      let number = parameter[0]
      index += 1
      switch number {
      case 0: cursor.style = .plain
      case 1: cursor.style.attributes.insert(.bold)
      case 2: cursor.style.attributes.insert(.dim)
      case 3: cursor.style.attributes.insert(.italic)
      case 4:  // 4:0 is "no underline"; 4:1 to 4:5 are its kinds (single, double, curly, …)
        if parameter.count > 1, parameter[1] == 0 {
          cursor.style.attributes.remove(.underline)
        } else {
          cursor.style.attributes.insert(.underline)
        }
      case 7: cursor.style.attributes.insert(.reverse)
      case 21: cursor.style.attributes.insert(.underline)  // double underline
      case 22: cursor.style.attributes.subtract([.bold, .dim])
      case 23: cursor.style.attributes.remove(.italic)
      case 24: cursor.style.attributes.remove(.underline)
      case 27: cursor.style.attributes.remove(.reverse)
      case 30...37: cursor.style.foreground = Self.basicColours[number - 30]
      case 39: cursor.style.foreground = .standard
      case 40...47: cursor.style.background = Self.basicColours[number - 40]
      case 49: cursor.style.background = .standard
      case 90...97: cursor.style.foreground = .palette(UInt8(number - 90 + 8))
      case 100...107: cursor.style.background = .palette(UInt8(number - 100 + 8))
      case 38, 48, 58:
        let colour: TerminalColor?
        if parameter.count > 1 {
          colour = Self.colour(fromSubParameters: parameter.dropFirst())
        } else {
          (colour, index) = Self.colour(fromParameters: parameters, at: index)
        }
        guard let colour else { continue }
        if number == 38 { cursor.style.foreground = colour }
        if number == 48 { cursor.style.background = colour }
      // 58 is the underline's colour, which a cell here does not keep.
      default: break  // blink, hidden, crossed out, fonts, overline: read and not shown
      }
    }
  }

  /// `5:N`, `2:R:G:B` or `2:ID:R:G:B`, all in one parameter.
  private static func colour(fromSubParameters numbers: ArraySlice<Int>) -> TerminalColor? {
    let numbers = Array(numbers)
    switch numbers.first {
    case 5 where numbers.count >= 2: return .palette(UInt8(clamping: numbers[1]))
    case 2 where numbers.count >= 5:
      return .rgb(UInt8(clamping: numbers[2]), UInt8(clamping: numbers[3]), UInt8(clamping: numbers[4]))
    case 2 where numbers.count == 4:
      return .rgb(UInt8(clamping: numbers[1]), UInt8(clamping: numbers[2]), UInt8(clamping: numbers[3]))
    default: return nil
    }
  }

  /// `;5;N` or `;2;R;G;B` in the parameters from `index`: the colour, and where the next parameter is. An
  /// incomplete one uses up what there is.
  private static func colour(fromParameters parameters: [[Int]], at index: Int) -> (TerminalColor?, Int) {
    guard index < parameters.count else { return (nil, index) }
    switch parameters[index][0] {
    case 5:
      guard index + 1 < parameters.count else { return (nil, parameters.count) }
      return (.palette(UInt8(clamping: parameters[index + 1][0])), index + 2)
    case 2:
      guard index + 3 < parameters.count else { return (nil, parameters.count) }
      let (red, green, blue) = (parameters[index + 1][0], parameters[index + 2][0], parameters[index + 3][0])
      return (.rgb(UInt8(clamping: red), UInt8(clamping: green), UInt8(clamping: blue)), index + 4)
    default: return (nil, index + 1)
    }
  }
}
