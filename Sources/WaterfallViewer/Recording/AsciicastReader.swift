import Foundation
import WaterfallKit

/// A recording that cannot be replayed: what is wrong and on which line.
public struct AsciicastError: Error, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public var description: String { "line \(line): \(message)" }
}

/// Reads asciicast v2 (untrusted: any file a bug report carries). Pure: text in, a recording or the first problem
/// out. The header must say version 2 and give a usable size; each event is `[seconds, "o"|"i"|"r"|…, "data"]`
/// with times that never go back; event kinds this program does not replay (markers) are kept out.
public enum AsciicastReader {
  /// The longest recording replayed: a day.
  public static let maximumSeconds = 86_400.0

  public static func parse(_ text: String) throws(AsciicastError) -> Asciicast {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().makeIterator()
    guard let (_, first) = lines.next(), let header = json(first) as? [String: Any] else {
      throw AsciicastError(line: 1, message: "the first line is not an asciicast header (a JSON object)")
    }
    guard (header["version"] as? NSNumber)?.intValue == 2 else {
      throw AsciicastError(line: 1, message: "only asciicast version 2 is read")
    }
    guard let width = wholeNumber(header["width"]), let height = wholeNumber(header["height"]),
      (1...KeyScript.maximumSize.width).contains(width), (1...KeyScript.maximumSize.height).contains(height)
    else {
      throw AsciicastError(
        line: 1,
        message:
          "width and height must be whole numbers up to \(KeyScript.maximumSize.width)x\(KeyScript.maximumSize.height)"
      )
    }
    let arguments = header["waterfall_arguments"] as? [Any] ?? []
    guard arguments.allSatisfy({ $0 is String }) else {
      throw AsciicastError(line: 1, message: "waterfall_arguments must be a list of strings")
    }
    var cast = Asciicast(
      width: width, height: height, timestamp: wholeNumber(header["timestamp"]),
      arguments: arguments.compactMap { $0 as? String }, keys: try keys(header["waterfall_keys"]))
    cast.madeByWaterfall = header["waterfall_arguments"] != nil
    var lastTime = 0.0
    while let (index, line) = lines.next() {
      let number = index + 1
      if line.allSatisfy(\.isWhitespace) { continue }
      guard let array = json(line) as? [Any], array.count == 3, let time = (array[0] as? NSNumber)?.doubleValue,
        let code = array[1] as? String, let data = array[2] as? String
      else {
        throw AsciicastError(line: number, message: "an event is [seconds, \"o\"|\"i\"|\"r\", \"data\"]")
      }
      guard time.isFinite, time >= lastTime, time <= maximumSeconds else {
        throw AsciicastError(
          line: number, message: "event times must not go back and stay under \(Int(maximumSeconds)) s")
      }
      lastTime = time
      guard let kind = Asciicast.Event.Kind(rawValue: code) else { continue }
      if kind == .marker {
        // Our markers carry what an open answered; other markers (asciinema's chapters) are not replayed.
        if data.hasPrefix(Asciicast.openMarkerPrefix) {
          let reason = String(data.dropFirst(Asciicast.openMarkerPrefix.count))
          cast.openAnswers.append(reason.isEmpty ? nil : reason)
        }
        continue
      }
      if kind == .resize {
        guard (try? KeyScript.parseSize(data)) != nil else {
          throw AsciicastError(line: number, message: "a resize is \"WIDTHxHEIGHT\"")
        }
      }
      cast.events.append(Asciicast.Event(time: time, kind: kind, data: data))
    }
    return cast
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

  private static func json(_ line: Substring) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
  }

  private static func wholeNumber(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, !(value is Bool) else { return nil }
    let double = number.doubleValue
    guard double.isFinite, double == double.rounded(), abs(double) < 1e15 else { return nil }
    return Int(double)
  }
}
