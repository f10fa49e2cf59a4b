import Foundation

/// An asciicast v2 recording (asciinema's format): a JSON header line, then one JSON array a line,
/// `[seconds, "o" | "i" | "r", data]`: output, input, resize (`"120x40"`).
public struct Asciicast: Hashable, Sendable {
  public struct Event: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
      case output = "o", input = "i", resize = "r"
    }

    /// Seconds since the recording started.
    public var time: Double
    public var kind: Kind
    public var data: String

    public init(time: Double, kind: Kind, data: String) { (self.time, self.kind, self.data) = (time, kind, data) }
  }

  public var width: Int
  public var height: Int
  /// Seconds since 1970 when recorded live; none for a tape's recording, which must be the same every run.
  public var timestamp: Int?
  /// The viewer's arguments (dataset and options), so a replay runs the same program.
  public var arguments: [String]
  public var events: [Event]

  public init(width: Int, height: Int, timestamp: Int? = nil, arguments: [String] = [], events: [Event] = []) {
    (self.width, self.height, self.timestamp, self.arguments, self.events) =
      (width, height, timestamp, arguments, events)
  }

  /// The header line (no newline): fixed key order, so the same recording gives the same bytes.
  public var headerLine: String {
    var fields = ["\"version\": 2", "\"width\": \(width)", "\"height\": \(height)"]
    if let timestamp { fields.append("\"timestamp\": \(timestamp)") }
    fields.append("\"env\": {\"TERM\": \"xterm-256color\"}")
    let command = (["waterfall"] + arguments).map(Self.shellQuoted).joined(separator: " ")
    fields.append("\"command\": \(Self.jsonString(command))")
    fields.append("\"waterfall_arguments\": [\(arguments.map(Self.jsonString).joined(separator: ", "))]")
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// One event's line (no newline); times in microseconds, as asciinema writes them.
  public static func line(_ event: Event) -> String {
    "[\(String(format: "%.6f", event.time)), \"\(event.kind.rawValue)\", \(jsonString(event.data))]"
  }

  /// The whole file.
  public var text: String {
    ([headerLine] + events.map(Self.line)).map { $0 + "\n" }.joined()
  }

  static func jsonString(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        output += String(format: "\\u%04x", scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  static func shellQuoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./=:,+".unicodeScalars.contains($0))
      }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
