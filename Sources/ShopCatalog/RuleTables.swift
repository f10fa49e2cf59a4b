/// The catalogue's text rules as tables, for a store that must apply them where this code does not run (a
/// database server's trigger, filling the keys of a row another client wrote): computed from the rules
/// themselves, so the two cannot drift apart.
public enum RuleTables {
  /// The planes that hold scalars other than private use: 0 to 3, and 14's tags and variation selectors (the
  /// others are unassigned, or private use, which folds to itself and has no class). Read 1.1 million scalars
  /// took a third of a second more.
  public static let assignedPlanes: [ClosedRange<UInt32>] = [0...0x3_FFFF, 0xE_0000...0xE_FFFF]

  /// Every Unicode scalar that search folding does not keep as it is, with what it folds to (nothing for a
  /// dropped one): folding is scalar by scalar, so a text's fold is its scalars' folds, in order.
  public static let folding: [(scalar: UInt32, folded: String)] = {
    var folding = SearchFolding()
    var table: [(UInt32, String)] = []
    var bytes: [UInt8] = []
    for value in assignedPlanes.joined() {
      // Unassigned, private-use and surrogate code points fold to themselves (or are no scalar).
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.properties.generalCategory {
      case .unassigned, .privateUse, .surrogate: continue
      default: break
      }
      bytes.removeAll(keepingCapacity: true)
      folding.fold(scalar, into: &bytes)
      if !bytes.elementsEqual(String(scalar).utf8) { table.append((value, String(decoding: bytes, as: UTF8.self))) }
    }
    return table
  }()

  /// What a price's rules (``PriceValue``) ask of a scalar beyond the few they name.
  public enum PriceClass: Character, Sendable {
    case digit = "d"
    case whitespace = "w"
    case currency = "c"
    case alphabetic = "a"
  }

  /// Runs of consecutive scalars of one class (digits: with one zero, so a digit's value is its scalar less the
  /// zero), in order, for every scalar above ASCII's digits that has a class.
  public static let priceClasses: [(first: UInt32, last: UInt32, kind: PriceClass, zero: UInt32)] = {
    var runs: [(first: UInt32, last: UInt32, kind: PriceClass, zero: UInt32)] = []
    for value in assignedPlanes.joined() {
      guard let scalar = Unicode.Scalar(value), let (kind, zero) = priceClass(of: scalar) else { continue }
      if let last = runs.last, last.last + 1 == value, last.kind == kind, last.zero == zero {
        runs[runs.count - 1].last = value
      } else {
        runs.append((value, value, kind, zero))
      }
    }
    return runs
  }()

  private static func priceClass(of scalar: Unicode.Scalar) -> (PriceClass, UInt32)? {
    if let digit = PriceValue.digitValue(scalar) { return (.digit, scalar.value - UInt32(digit)) }
    let properties = scalar.properties
    if properties.isWhitespace { return (.whitespace, 0) }
    if properties.generalCategory == .currencySymbol { return (.currency, 0) }
    if properties.isAlphabetic { return (.alphabetic, 0) }
    return nil
  }
}
