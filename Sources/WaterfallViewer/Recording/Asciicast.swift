import Pictures

/// An asciicast recording (asciinema's format). Written as v2: a JSON header line, then one JSON array a line,
/// `[seconds, "o" | "i" | "r", data]`: output, input, resize (`"120x40"`). Read from v1, v2 or v3
/// (``AsciicastReader``), its events' times always counted from the start.
public struct Asciicast: Hashable, Sendable {
  public struct Event: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
      case output = "o", input = "i", resize = "r"
      /// A marker: written for what a replay must know besides the input (``Asciicast/openMarkerPrefix``).
      case marker = "m"
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
  /// The config file's `[keys]` as they were when recorded: a replay binds the same keys, whatever config the
  /// machine replaying it has.
  public var keys: [Key: Action]
  public var events: [Event]
  /// What each attempt to open a link answered live, in order (`nil`: it started; else why not), read from the
  /// recording's markers: a replay's opener gives the same answers, so its notices are the live session's.
  public var openAnswers: [String?] = []
  /// Whether the header says waterfall made it (`waterfall_arguments`, written even when empty): asciinema's
  /// own recordings have nothing a replay could run. Made in this process (a header written), it is.
  public var madeByWaterfall = true
  /// The asciicast version the file was written in (1, 2 or 3); this program writes 2.
  public var version = 2
  /// The label of an open's marker, followed by why it failed (nothing when it started).
  public static let openMarkerPrefix = "waterfall-open:"

  public init(
    width: Int, height: Int, timestamp: Int? = nil, arguments: [String] = [], keys: [Key: Action] = [:],
    events: [Event] = []
  ) {
    (self.width, self.height, self.timestamp, self.arguments, self.keys, self.events) =
      (width, height, timestamp, arguments, keys, events)
  }

  /// The header line (no newline): fixed key order, so the same recording gives the same bytes. Each address
  /// among the arguments is written redacted (``RedactedURL``): a recording is a file people attach to bug
  /// reports. A replay of a feed that needs those secrets is then refused by the feed: better than leaking them.
  public var headerLine: String {
    let arguments = arguments.map(RedactedURL.text)
    var fields = ["\"version\": 2", "\"width\": \(width)", "\"height\": \(height)"]
    if let timestamp { fields.append("\"timestamp\": \(timestamp)") }
    fields.append("\"env\": {\"TERM\": \"xterm-256color\"}")
    let command = (["waterfall"] + arguments).map(Self.shellQuoted).joined(separator: " ")
    fields.append("\"command\": \(Self.jsonString(command))")
    fields.append("\"waterfall_arguments\": [\(arguments.map(Self.jsonString).joined(separator: ", "))]")
    if !keys.isEmpty {
      let bindings = keys.map { (key: $0.key.label, action: $0.value.name) }.sorted { $0.key < $1.key }
      let members = bindings.map { Self.jsonString($0.key) + ": " + Self.jsonString($0.action) }
      fields.append("\"waterfall_keys\": {" + members.joined(separator: ", ") + "}")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// One event's line (no newline); times in microseconds, as asciinema writes them.
  public static func line(_ event: Event) -> String {
    String(decoding: lineBytes(time: event.time, kind: event.kind, data: event.data.utf8), as: UTF8.self)
  }

  /// ``line(_:)`` as UTF-8 bytes, from the data's bytes (a recording makes one a frame: no String in between).
  static func lineBytes(
    time: Double, kind: Event.Kind, data: some Collection<UInt8>, newline: Bool = false
  )
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    appendLine(time: time, kind: kind, data: data, newline: newline, to: &bytes)
    return bytes
  }

  /// ``lineBytes(time:kind:data:newline:)`` appended to `bytes` (a tape's recording grows one buffer).
  static func appendLine(
    time: Double, kind: Event.Kind, data: some Collection<UInt8>, newline: Bool = false, to bytes: inout [UInt8]
  ) {
    bytes += "[\(seconds(time)), \"\(kind.rawValue)\", ".utf8
    bytes.reserveCapacity(bytes.count + data.count + data.count / 4 + 4)
    appendJSONString(data, to: &bytes)
    bytes.append(UInt8(ascii: "]"))
    if newline { bytes.append(0x0A) }
  }

  /// A line of ``appendLine(time:kind:data:newline:to:)`` up to its data's opening quote, for a writer that
  /// escapes the data itself (``TerminalFrameEncoder/init(escapingForJSON:)``) and ends it with
  /// ``lineEnd``.
  static func appendLineStart(time: Double, kind: Event.Kind, to bytes: inout [UInt8]) {
    bytes += "[\(seconds(time)), \"\(kind.rawValue)\", \"".utf8
  }

  /// The data's closing quote, the bracket and the newline.
  static let lineEnd = Array("\"]\n".utf8)

  /// `1.500000`: six decimals, with no locale and no formatter (a recording writes one per frame).
  static func seconds(_ time: Double) -> String {
    let microseconds = Int((max(0, time) * 1_000_000).rounded())
    let fraction = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// The whole file.
  public var text: String {
    ([headerLine] + events.map(Self.line)).map { $0 + "\n" }.joined()
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
  static func jsonString(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    appendJSONString(text.utf8, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` (UTF-8) as a JSON string, quotes included.
  static func appendJSONString(_ text: some Collection<UInt8>, to bytes: inout [UInt8]) {
    var writer = ByteWriter(capacity: text.count + 2)
    writer.append(UInt8(ascii: "\""))
    for byte in text { writer.appendJSONEscaped(byte) }
    writer.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: writer.bytes)
  }

  static func shellQuoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_./=:,+".unicodeScalars.contains($0))
      }
    return plain
      ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
