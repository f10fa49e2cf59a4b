/// What the parser found: each call one action of Paul Williams' DEC parser (vt100.net/emu/dec_ansi_parser).
/// Strings (OSC, DCS, SOS, PM, APC) are consumed without an action: a recording's titles, links and pictures are
/// nothing a screen shows.
protocol EscapeSequenceActions {
  /// A character to show (ground state, U+0020 and above, DEL excepted).
  mutating func print(_ scalar: Unicode.Scalar)
  /// A C0 control character (BS, HT, LF, CR, SO, SI, …).
  mutating func execute(_ control: UInt8)
  /// `ESC intermediates final`.
  mutating func escapeDispatch(intermediates: [UInt8], final: UInt8)
  /// `CSI private-marker parameters intermediates final`.
  mutating func controlSequenceDispatch(_ sequence: ControlSequence)
}

/// A control sequence as dispatched: `CSI ? 1049 h` is private marker `?`, parameters `[[1049]]`, final `h`.
struct ControlSequence: Hashable, Sendable {
  /// Each parameter with its sub-parameters (`38:2::1:2:3` is one parameter of six numbers); an empty one is 0.
  var parameters: [[Int]]
  /// `?`, `>`, `<` or `=` before the parameters, if any.
  var privateMarker: UInt8?
  var intermediates: [UInt8]
  var final: UInt8

  /// Parameter `index`'s first number, or `defaultValue` when it is missing or 0 (as ECMA-48 counts).
  func number(_ index: Int, default defaultValue: Int = 1) -> Int {
    guard index < parameters.count, let value = parameters[index].first, value != 0 else { return defaultValue }
    return value
  }
}

/// Paul Williams' state machine for DEC and ECMA-48 sequences (vt100.net/emu/dec_ansi_parser), fed Unicode
/// scalars: every sequence is consumed whole, whether or not anyone acts on it, so no byte of one is ever shown
/// as text. Two changes of our own, as xterm and tmux make them: `:` separates sub-parameters (ISO 8613-6
/// colours) instead of spoiling the sequence, and BEL ends an OSC string as ST does. C1 controls (U+0080–U+009F)
/// are ignored, as a UTF-8 terminal does. Pure.
struct EscapeSequenceParser: Sendable {
  enum State: Sendable {
    case ground, escape, escapeIntermediate
    case csiEntry, csiParam, csiIntermediate, csiIgnore
    case dcsEntry, dcsParam, dcsIntermediate, dcsPassthrough, dcsIgnore
    case oscString, sosPmApcString
  }

  private(set) var state = State.ground
  private var parameters: [[Int]] = []
  /// Whether a digit or separator was seen since the sequence began (so `CSI m` has no parameter, `CSI ; m` two).
  private var hasParameters = false
  private var privateMarker: UInt8?
  private var intermediates: [UInt8] = []
  /// More intermediates or parameters than any sequence has: the sequence is consumed and not dispatched.
  private var overflowed = false

  /// Limits that keep a hostile recording's sequence small: xterm's, roughly.
  static let maximumParameters = 32
  static let maximumSubParameters = 8
  static let maximumIntermediates = 2
  static let largestNumber = 65_535

  mutating func advance(_ scalar: Unicode.Scalar, _ actions: inout some EscapeSequenceActions) {
    let value = scalar.value
    // "Anywhere" transitions: CAN and SUB abort a sequence, ESC starts a new one.
    if value == 0x18 || value == 0x1A {
      actions.execute(UInt8(value))
      state = .ground
      return
    }
    if value == 0x1B {
      enter(.escape)
      return
    }
    if (0x80...0x9F).contains(value) { return }
    let byte: UInt8? = value < 0x80 ? UInt8(value) : nil
    switch state {
    case .ground:
      guard let byte else { return actions.print(scalar) }
      if byte < 0x20 {
        actions.execute(byte)
      } else if byte != 0x7F {
        actions.print(scalar)
      }
    case .escape:
      guard let byte else { return state = .ground }
      switch byte {
      case 0x00..<0x20: actions.execute(byte)
      case 0x20...0x2F:
        collect(byte)
        state = .escapeIntermediate
      case 0x5B: enter(.csiEntry)
      case 0x5D: enter(.oscString)
      case 0x50: enter(.dcsEntry)
      case 0x58, 0x5E, 0x5F: enter(.sosPmApcString)
      case 0x7F: break
      default:
        actions.escapeDispatch(intermediates: intermediates, final: byte)
        state = .ground
      }
    case .escapeIntermediate:
      guard let byte else { return state = .ground }
      switch byte {
      case 0x00..<0x20: actions.execute(byte)
      case 0x20...0x2F: collect(byte)
      case 0x7F: break
      default:
        if !overflowed { actions.escapeDispatch(intermediates: intermediates, final: byte) }
        state = .ground
      }
    case .csiEntry, .csiParam, .csiIntermediate, .csiIgnore:
      guard let byte else { return state = .csiIgnore }
      controlSequence(byte, &actions)
    case .dcsEntry, .dcsParam, .dcsIntermediate:
      // The DCS's parameters and intermediates are read as a CSI's are, then its data is passed over.
      guard let byte else { return state = .dcsIgnore }
      switch byte {
      case 0x00..<0x20, 0x7F: break
      case 0x20...0x2F: state = state == .dcsEntry || state == .dcsParam ? .dcsIntermediate : state
      case 0x30...0x3F: state = state == .dcsIntermediate ? .dcsIgnore : .dcsParam
      default: state = .dcsPassthrough
      }
    case .dcsPassthrough, .dcsIgnore, .oscString, .sosPmApcString:
      // Consumed to ST (ESC \, whose ESC arrives above) or, for OSC, BEL too.
      if state == .oscString, value == 0x07 { state = .ground }
    }
  }

  private mutating func controlSequence(_ byte: UInt8, _ actions: inout some EscapeSequenceActions) {
    switch byte {
    case 0x00..<0x20: actions.execute(byte)
    case 0x7F: break
    case 0x30...0x39:
      guard state == .csiEntry || state == .csiParam else { return state = .csiIgnore }
      state = .csiParam
      digit(Int(byte - 0x30))
    case 0x3A, 0x3B:
      guard state == .csiEntry || state == .csiParam else { return state = .csiIgnore }
      state = .csiParam
      separator(subParameter: byte == 0x3A)
    case 0x3C...0x3F:
      guard state == .csiEntry else { return state = .csiIgnore }
      privateMarker = byte
      state = .csiParam
    case 0x20...0x2F:
      guard state != .csiIgnore else { return }
      collect(byte)
      state = .csiIntermediate
    default:  // 0x40...0x7E: the final byte
      if state != .csiIgnore, !overflowed {
        actions.controlSequenceDispatch(
          ControlSequence(
            parameters: hasParameters ? parameters : [], privateMarker: privateMarker, intermediates: intermediates,
            final: byte))
      }
      state = .ground
    }
  }

  private mutating func enter(_ next: State) {
    state = next
    parameters = [[0]]
    hasParameters = false
    privateMarker = nil
    intermediates.removeAll(keepingCapacity: true)
    overflowed = false
  }

  private mutating func collect(_ byte: UInt8) {
    if intermediates.count < Self.maximumIntermediates { intermediates.append(byte) } else { overflowed = true }
  }

  private mutating func digit(_ digit: Int) {
    hasParameters = true
    let last = parameters.count - 1
    let sub = parameters[last].count - 1
    parameters[last][sub] = min(Self.largestNumber, parameters[last][sub] * 10 + digit)
  }

  private mutating func separator(subParameter: Bool) {
    hasParameters = true
    if subParameter {
      if parameters[parameters.count - 1].count < Self.maximumSubParameters {
        parameters[parameters.count - 1].append(0)
      } else {
        overflowed = true
      }
    } else if parameters.count < Self.maximumParameters {
      parameters.append([0])
    } else {
      overflowed = true
    }
  }
}
