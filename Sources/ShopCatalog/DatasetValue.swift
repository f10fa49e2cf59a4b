/// A value read from a dataset file, whatever the format: the common ground of plist, JSON and CSV.
public enum DatasetValue: Hashable, Sendable {
  case string(String)
  case integer(Int)
  case real(Double)
  case bool(Bool)
  case null
  case array([DatasetValue])
  case dictionary([String: DatasetValue])

  /// What the value is, for messages: "a string", "an array", …
  public var kindDescription: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a real number"
    case .bool: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .dictionary: "a dictionary"
    }
  }

  /// The value as text for the detail view.
  public var displayText: String {
    switch self {
    case .string(let text): text
    case .integer(let number): String(number)
    case .real(let number): Self.format(number)
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    case .array(let values): "[" + values.map(\.displayText).joined(separator: ", ") + "]"
    case .dictionary(let values):
      "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.displayText)" }.joined(separator: ", ")
        + "}"
    }
  }

  /// A finite number (an integer or a real): what a record written back keeps a number.
  public var isNumber: Bool {
    switch self {
    case .integer: true
    case .real(let number): number.isFinite
    default: false
    }
  }

  /// A number as people write it: no needless ".0".
  public static func format(_ number: Double) -> String {
    if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }
}
