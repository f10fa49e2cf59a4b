import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The record an item was read from, as `--pick` prints it: one line of JSON with every field the record had,
/// and its fields by name.
public struct OriginalRecord: Hashable, Sendable {
  /// The record as one line of JSON: a JSON record's own text (blanks outside strings taken out, so its key
  /// order and numbers stay as written); a CSV row or a plist dictionary written as a JSON object.
  public var json: String
  public var fields: [String: DatasetValue]

  /// The text of field `name` (as the file names it, else in any case, else by the names the readers take for
  /// it, ``ItemFieldNames``: `img` for `image`, `url` for `link` or `href`, `title` for `name`, `w` and `h` for
  /// `width` and `height`; the picture is `url` in a record with no other picture field); nil without one.
  public func value(of name: String) -> String? {
    let hasPicture = ItemFieldNames.picture.contains { has($0) }
    let picture = ItemFieldNames.picture + (hasPicture ? [] : [ItemFieldNames.url])
    let aliases = [
      picture, ItemFieldNames.page, ItemFieldNames.title, ItemFieldNames.width, ItemFieldNames.height,
    ]
    let lowered = name.lowercased()
    let names = [name, lowered] + (aliases.first { $0.contains(lowered) } ?? [])
    for candidate in names {
      if let value = fields[candidate] ?? fields.first(where: { $0.key.lowercased() == candidate })?.value {
        return value.plainText
      }
    }
    return nil
  }

  /// Whether the record has field `name`, in any case.
  private func has(_ name: String) -> Bool {
    fields[name] != nil || fields.keys.contains { $0.lowercased() == name }
  }
}

/// Finds the records items were read from (``ShopItem/sourceFile`` and ``ShopItem/recordNumber``), reading each
/// file again once, in the same way its items were read.
public enum OriginalRecords {
  /// The records of `items`, in their order. `contents` gives a source's bytes (a stream's kept bytes; else the
  /// file is read). An item whose record cannot be found again (a photo, a file gone) is written from its fields;
  /// so is one whose file changed since it was read (another inode, size or modification time: its record
  /// numbers may name other records now), and `changed` is told the file's name.
  public static func records(
    of items: [ShopItem], contents: (String) -> [UInt8]? = { _ in nil }, changed: (String) -> Void = { _ in }
  ) -> [OriginalRecord] {
    var found: [String: [Int: OriginalRecord]] = [:]
    for file in Set(items.filter { $0.recordNumber > 0 }.map(\.sourceFile)).sorted() {
      guard let bytes = contents(file) ?? unchangedBytes(of: file, changed: changed) else { continue }
      let wanted = Set(items.filter { $0.sourceFile == file }.map(\.recordNumber))
      found[file] = records(numbered: wanted, in: bytes, file: file)
    }
    return items.map { item in found[item.sourceFile]?[item.recordNumber] ?? record(of: item) }
  }

  /// The bytes of `file` if it is the version its items were read from (when they were read from a file); nil,
  /// after telling `changed`, if it is another now, or was cut short while read again.
  static func unchangedBytes(of file: String, changed: (String) -> Void) -> [UInt8]? {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    if let known = FileIdentity.remembered(of: file), known != FileIdentity(status) {
      changed(file)
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let whole = bytes.withUnsafeMutableBufferPointer { buffer in
      var reader = ChunkedFileRead(descriptor: descriptor, buffer: buffer, file: file)
      return (try? reader.read(atLeast: buffer.count)) != nil
    }
    guard whole else {
      changed(file)
      return nil
    }
    return bytes
  }

  /// The records numbered `wanted` (from 1, counted as ``DatasetFileReader`` counts items) in a file's bytes.
  static func records(numbered wanted: Set<Int>, in all: [UInt8], file: String) -> [Int: OriginalRecord] {
    let bytes = ByteOrderMark.removed(from: all)
    let named = file == StreamedInput.name ? nil : DatasetFormat.forExtension(of: file)
    let told = bytes.withUnsafeBufferPointer { buffer in
      try? DatasetFormat.of(buffer, named: named, isStream: named == nil, file: file)
    }
    guard let format = told else { return [:] }
    var found: [Int: OriginalRecord] = [:]
    func keep(_ number: Int, text: ArraySlice<UInt8>) {
      guard wanted.contains(number), let value = try? JSONReader.parse(Array(text)),
        case .dictionary(let fields) = value
      else { return }
      found[number] = OriginalRecord(json: String(decoding: compact(text), as: UTF8.self), fields: fields)
    }
    switch format {
    case .json:
      bytes.withUnsafeBufferPointer { buffer in
        guard JSONArrayElements.startsWithArray(buffer) else { return }
        var elements = JSONArrayElements(buffer)
        var number = 0
        while found.count < wanted.count, let element = try? elements.nextElement() {
          number += 1
          keep(number, text: bytes[element.range])
          guard (try? elements.endElement()) != nil else { break }
        }
      }
    case .jsonLines:
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      let records = lines.filter { $0.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } }
      for (offset, line) in records.enumerated() { keep(offset + 1, text: line) }
    case .csv, .plist:
      guard let entries = try? RecordReader.read(bytes, format: format, file: file) else { return [:] }
      for number in wanted where number <= entries.count {
        guard case .record(let fields) = entries[number - 1] else { continue }
        let value = DatasetValue.dictionary(fields)
        found[number] = OriginalRecord(json: value.json, fields: fields)
      }
    }
    return found
  }

  /// An item with no record to go back to, written from its fields under the names the readers take.
  static func record(of item: ShopItem) -> OriginalRecord {
    var fields: [String: DatasetValue] = [
      ItemFieldNames.width[0]: number(item.width), ItemFieldNames.height[0]: number(item.height),
      ItemFieldNames.price: .string(item.price), ItemFieldNames.title[0]: .string(item.title),
    ]
    if !item.imageURL.isEmpty { fields[ItemFieldNames.picture[0]] = .string(item.imageURL) }
    if !item.shop.isEmpty { fields[ItemFieldNames.shop] = .string(item.shop) }
    for extra in item.extraFields where fields[extra.key] == nil { fields[extra.key] = extra.datasetValue }
    return OriginalRecord(json: DatasetValue.dictionary(fields).json, fields: fields)
  }

  private static func number(_ value: Double) -> DatasetValue {
    value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .real(value)
  }

  /// JSON text without the blanks outside its strings.
  static func compact(_ text: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var inString = false
    var escaped = false
    for byte in text {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        out.append(byte)
      } else if !JSONArrayElements.isBlank(byte) {
        if byte == UInt8(ascii: "\"") { inString = true }
        out.append(byte)
      }
    }
    return out
  }
}

extension DatasetValue {
  /// The value as JSON text on one line, keys sorted.
  public var json: String {
    switch self {
    case .string(let text): JSONString.quoted(text)
    case .integer(let number): String(number)
    case .real(let number): number.isFinite ? Self.format(number) : "null"
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    case .array(let values): "[" + values.map(\.json).joined(separator: ",") + "]"
    case .dictionary(let values):
      "{"
        + values.sorted { $0.key < $1.key }.map { JSONString.quoted($0.key) + ":" + $0.value.json }.joined(
          separator: ",")
        + "}"
    }
  }

  /// The value as a field's text: a string as it is, `null` as nothing, anything else as JSON.
  public var plainText: String {
    switch self {
    case .string(let text): text
    case .null: ""
    default: json
    }
  }
}
