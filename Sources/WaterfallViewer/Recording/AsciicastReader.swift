import Foundation
import WaterfallKit

/// A recording that cannot be replayed: what is wrong and on which line.
public struct AsciicastError: Error, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public var description: String { "line \(line): \(message)" }
}

/// Reads asciicast v1, v2 and v3 (untrusted: any file a bug report carries), by asciinema's own rules
/// (asciinema/asciinema `src/asciicast.rs`, `v1.rs`, `v2.rs`, `v3.rs`): a first line that is a v3 header, else a
/// v2 header, else the whole text as one v1 document. Pure: text in, a recording or the first problem out.
///
/// - v2: a header line `{"version": 2, "width": W, "height": H, …}`, then one `[seconds, code, "data"]` a line,
///   the seconds counted from the start.
/// - v3: a header line `{"version": 3, "term": {"cols": W, "rows": H, …}, …}`, then `[interval, code, "data"]`,
///   each interval counted from the event before; lines starting with `#` are comments.
/// - v1: one JSON document `{"version": 1, "width": W, "height": H, "stdout": [[delay, "data"], …]}`, each delay
///   counted from the output before.
///
/// The events come out with times from the start, which never go back; kinds this program does not replay
/// (markers, v3's exit status, codes of later versions) are kept out.
public enum AsciicastReader {
  /// The longest recording replayed: a day.
  public static let maximumSeconds = 86_400.0

  public static func parse(_ text: String) throws(AsciicastError) -> Asciicast {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let firstLine = json(lines[0]) as? [String: Any]
    if let header = firstLine, !isVersion(1, header) {
      switch (header["version"] as? NSNumber)?.intValue {
      case 2: return try version2(header: header, lines: lines)
      case 3: return try version3(header: header, lines: lines)
      default: throw AsciicastError(line: 1, message: "version: only asciicast versions 1, 2 and 3 are read")
      }
    }
    // Not a header line: asciicast v1 is one JSON document, often written over many lines.
    if let document = json(text[...]) as? [String: Any] {
      guard isVersion(1, document) else {
        throw AsciicastError(line: 1, message: "version: only asciicast versions 1, 2 and 3 are read")
      }
      return try version1(document, text: text)
    }
    if firstLine != nil {
      throw AsciicastError(line: 1, message: "an asciicast v1 recording is one JSON document, and this is not")
    }
    throw AsciicastError(line: 1, message: "the first line is not an asciicast header (a JSON object)")
  }

  private static func isVersion(_ version: Int, _ header: [String: Any]) -> Bool {
    guard let number = header["version"] as? NSNumber else { return false }
    return number.doubleValue == Double(version)
  }

  /// `width`, `height` (v1, v2) or `term.cols`, `term.rows` (v3): whole numbers within the largest screen.
  private static func size(_ width: Any?, _ height: Any?, named names: String) throws(AsciicastError) -> GridSize {
    guard let width = wholeNumber(width), let height = wholeNumber(height),
      (1...KeyScript.maximumSize.width).contains(width), (1...KeyScript.maximumSize.height).contains(height)
    else {
      throw AsciicastError(
        line: 1,
        message:
          "\(names) must be whole numbers up to \(KeyScript.maximumSize.width)x\(KeyScript.maximumSize.height)")
    }
    return GridSize(width: width, height: height)
  }

  private static func version2(header: [String: Any], lines: [Substring]) throws(AsciicastError) -> Asciicast {
    let size = try size(header["width"], header["height"], named: "width and height")
    let arguments = header["waterfall_arguments"] as? [Any] ?? []
    guard arguments.allSatisfy({ $0 is String }) else {
      throw AsciicastError(line: 1, message: "waterfall_arguments must be a list of strings")
    }
    var cast = Asciicast(
      width: size.width, height: size.height, timestamp: wholeNumber(header["timestamp"]),
      arguments: arguments.compactMap { $0 as? String }, keys: try keys(header["waterfall_keys"]))
    cast.madeByWaterfall = header["waterfall_arguments"] != nil
    var lastTime = 0.0
    for (index, line) in lines.enumerated().dropFirst() where !line.allSatisfy(\.isWhitespace) {
      let number = index + 1
      let (time, code, data) = try event(line, number: number)
      guard time >= lastTime, time <= maximumSeconds else {
        throw AsciicastError(
          line: number, message: "event times must not go back and stay under \(Int(maximumSeconds)) s")
      }
      lastTime = time
      try add(time: time, code: code, data: data, line: number, to: &cast)
    }
    return cast
  }

  private static func version3(header: [String: Any], lines: [Substring]) throws(AsciicastError) -> Asciicast {
    guard let term = header["term"] as? [String: Any] else {
      throw AsciicastError(line: 1, message: "term must be an object with cols and rows")
    }
    let size = try size(term["cols"], term["rows"], named: "term.cols and term.rows")
    var cast = Asciicast(width: size.width, height: size.height, timestamp: wholeNumber(header["timestamp"]))
    cast.version = 3
    cast.madeByWaterfall = false
    var time = 0.0
    for (index, line) in lines.enumerated().dropFirst()
    where !line.allSatisfy(\.isWhitespace) && !line.hasPrefix("#") {
      let number = index + 1
      let (interval, code, data) = try event(line, number: number)
      guard interval >= 0 else {
        throw AsciicastError(line: number, message: "an event's interval (seconds since the last event) is negative")
      }
      time += interval
      guard time <= maximumSeconds else {
        throw AsciicastError(line: number, message: "the recording runs past \(Int(maximumSeconds)) s")
      }
      try add(time: time, code: code, data: data, line: number, to: &cast)
    }
    return cast
  }

  private static func version1(_ document: [String: Any], text: String) throws(AsciicastError) -> Asciicast {
    let size = try size(document["width"], document["height"], named: "width and height")
    guard let stdout = document["stdout"] as? [Any] else {
      throw AsciicastError(line: 1, message: "stdout must be a list of [delay, \"data\"]")
    }
    var cast = Asciicast(width: size.width, height: size.height)
    cast.version = 1
    cast.madeByWaterfall = false
    var time = 0.0
    for (index, element) in stdout.enumerated() {
      guard let pair = element as? [Any], pair.count == 2, let delay = seconds(pair[0]), let data = pair[1] as? String
      else {
        throw AsciicastError(
          line: V1Lines.line(ofOutput: index, in: text),
          message: "stdout[\(index)] is not [delay, \"data\"] (a number of seconds and a string)")
      }
      guard delay >= 0 else {
        throw AsciicastError(
          line: V1Lines.line(ofOutput: index, in: text), message: "stdout[\(index)]: the delay is negative")
      }
      time += delay
      guard time <= maximumSeconds else {
        throw AsciicastError(
          line: V1Lines.line(ofOutput: index, in: text),
          message: "stdout[\(index)]: the recording runs past \(Int(maximumSeconds)) s")
      }
      cast.events.append(Asciicast.Event(time: time, kind: .output, data: data))
    }
    return cast
  }

  /// One v2 or v3 event line: `[seconds, code, "data"]`.
  private static func event(_ line: Substring, number: Int) throws(AsciicastError) -> (Double, String, String) {
    guard let array = json(line) as? [Any], array.count == 3 else {
      throw AsciicastError(line: number, message: "an event is [seconds, \"o\"|\"i\"|\"r\", \"data\"]")
    }
    guard let time = seconds(array[0]) else {
      throw AsciicastError(line: number, message: "an event is [seconds, …]: its time is not a number of seconds")
    }
    guard let code = array[1] as? String, !code.isEmpty else {
      throw AsciicastError(line: number, message: "an event is [seconds, code, …]: its code is not a letter")
    }
    guard let data = array[2] as? String else {
      throw AsciicastError(line: number, message: "an event is [seconds, code, \"data\"]: its data is not a string")
    }
    return (time, code, data)
  }

  /// An event read: kept when this program replays its kind, resizes checked.
  private static func add(
    time: Double, code: String, data: String, line: Int, to cast: inout Asciicast
  ) throws(AsciicastError) {
    guard let kind = Asciicast.Event.Kind(rawValue: code) else { return }
    if kind == .marker {
      // Our markers carry what an open answered; other markers (asciinema's chapters) are not replayed.
      if data.hasPrefix(Asciicast.openMarkerPrefix) {
        let reason = String(data.dropFirst(Asciicast.openMarkerPrefix.count))
        cast.openAnswers.append(reason.isEmpty ? nil : reason)
      }
      return
    }
    if kind == .resize {
      guard (try? KeyScript.parseSize(data)) != nil else {
        throw AsciicastError(line: line, message: "a resize is \"WIDTHxHEIGHT\"")
      }
    }
    cast.events.append(Asciicast.Event(time: time, kind: kind, data: data))
  }

  /// `waterfall_keys`: `{"KEY": "action", …}`, each key as a key script writes it and each action by name.
  private static func keys(_ value: Any?) throws(AsciicastError) -> [Key: Action] {
    guard let value else { return [:] }
    guard let object = value as? [String: Any] else {
      throw AsciicastError(line: 1, message: "waterfall_keys must be an object of key names and action names")
    }
    var keys: [Key: Action] = [:]
    for (name, actionName) in object {
      guard let key = try? KeyScript.key(named: name), let actionName = actionName as? String,
        let action = Action(name: actionName)
      else {
        throw AsciicastError(
          line: 1,
          message: "waterfall_keys: \"\(TextSanitizer.sanitize(name))\" is not a key bound to an action by name")
      }
      guard keys[key] == nil else {
        throw AsciicastError(line: 1, message: "waterfall_keys: \(key.label) is bound twice")
      }
      keys[key] = action
    }
    return keys
  }

  private static func json(_ text: Substring) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  /// A time: a finite number. (Not tested `is Bool`: on Linux the numbers 0 and 1 pass that test.)
  private static func seconds(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, number.doubleValue.isFinite else { return nil }
    return number.doubleValue
  }

  private static func wholeNumber(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, !(value is Bool) else { return nil }
    let double = number.doubleValue
    guard double.isFinite, double == double.rounded(), abs(double) < 1e15 else { return nil }
    return Int(double)
  }
}

/// Where a v1 document's outputs are: JSONSerialization gives values, not places, and an error must name the
/// line.
private enum V1Lines {
  /// The line where `stdout[index]` starts: the document's bytes walked outside strings, counting the values
  /// that start inside `stdout`'s array. Line 1 when it cannot be found (the error still names the entry).
  static func line(ofOutput index: Int, in text: String) -> Int {
    var line = 1
    var depth = 0
    var inString = false
    var escaped = false
    var string: [UInt8] = []
    var lastString: [UInt8] = []
    var stdoutDepth: Int? = nil
    var expectingElement = false
    var seen = -1
    for byte in text.utf8 {
      if byte == 0x0A { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          lastString = string
        } else {
          string.append(byte)
        }
        continue
      }
      let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
      if expectingElement, !isSpace, byte != UInt8(ascii: "]") {
        expectingElement = false
        seen += 1
        if seen == index { return line }
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        string.removeAll(keepingCapacity: true)
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if byte == UInt8(ascii: "["), stdoutDepth == nil, depth == 2, lastString == Array("stdout".utf8) {
          stdoutDepth = depth
          expectingElement = true
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == stdoutDepth { return 1 }
        depth -= 1
      case UInt8(ascii: ","):
        lastString.removeAll()
        if depth == stdoutDepth { expectingElement = true }
      default: break
      }
    }
    return 1
  }
}
