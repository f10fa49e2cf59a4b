import Foundation

/// Reads the amount out of a price as shops write it, so prices sort by value across notations.
///
/// The rules (docs/guide.md, "Sort, filter, search and sections"):
/// - The text holds one number, or two joined by one range dash (`-` `–` `—` `~` `～` `〜` `至`): then the lower
///   of the two. Whatever surrounds them (currency symbols and codes before or after, `元`, `起`, spaces) is
///   ignored. No number, three or more, or a minus sign before the first one: unreadable (`nil`).
/// - A number is digits (any script's decimal digits, fullwidth too) and separators: `,` `.` (and their
///   fullwidth forms), `'` `’`, and the no-break and thin spaces. A plain space ends a number.
/// - Which separator is the decimal point: the last one, when it is `,` or `.`, appears once, and follows some
///   other separator (`1,299.99`, `1.234,56`, `1'234.50`). A lone `,` or `.` is the decimal point unless exactly
///   three digits follow it and one to three digits, not starting with 0, precede it: `1,050` and `1.000` are
///   thousands, `12,5`, `1.5`, `0.500` and `1234.567` are decimals. Every other separator groups thousands.
/// - Grouping is checked: one kind of grouping separator, a first group of 1–3 digits not starting with 0, then
///   groups of 3 (or Indian 2s ending in a 3: `1,00,000`). Anything else is unreadable.
/// - At most 30 digits, and texts over 256 bytes are not read.
public enum PriceValue {
  public static func parse(_ text: String) -> Decimal? {
    guard text.utf8.count <= 256 else { return nil }
    let scalars = Array(text.unicodeScalars)
    var runs: [NumberRun] = []
    var position = 0
    while position < scalars.count {
      if digitValue(scalars[position]) != nil {
        let run = NumberRun.read(scalars, from: position)
        runs.append(run)
        position = run.end
      } else {
        position += 1
      }
    }
    guard let first = runs.first, runs.count <= 2 else { return nil }
    let before = scalars[..<first.start]
    if before.contains(where: { minusSigns.contains($0) }) { return nil }
    if let previous = before.last, [",", ".", "，", "．"].contains(previous) {
      // ".5" or "x,5": a number that lost its integer part, not a currency abbreviation like "Rs.".
      let beforeSeparator = before.dropLast().last
      if beforeSeparator == nil || !beforeSeparator!.properties.isAlphabetic { return nil }
    }
    guard let low = first.value() else { return nil }
    guard runs.count == 2 else { return low }
    guard isRangeDash(scalars[first.end..<runs[1].start]), let high = runs[1].value() else { return nil }
    return min(low, high)
  }

  static let minusSigns: Set<Unicode.Scalar> = ["-", "\u{2212}", "\u{FE63}", "\u{FF0D}"]
  static let rangeDashes: Set<Unicode.Scalar> = [
    "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}", "~", "\u{FF5E}", "\u{301C}",
    "\u{FF0D}", "至",
  ]

  /// Between two numbers: exactly one range dash, and otherwise only spaces, letters and currency symbols.
  private static func isRangeDash(_ between: ArraySlice<Unicode.Scalar>) -> Bool {
    var dashes = 0
    for scalar in between {
      if rangeDashes.contains(scalar) {
        dashes += 1
      } else if !(scalar.properties.isWhitespace || scalar.properties.isAlphabetic
        || scalar.properties.generalCategory == .currencySymbol)
      {
        return false
      }
    }
    return dashes == 1
  }

  static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
    if scalar.value >= 0x30 && scalar.value <= 0x39 { return UInt8(scalar.value - 0x30) }
    guard scalar.value >= 0x80, scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue
    else { return nil }
    return UInt8(value)
  }
}
