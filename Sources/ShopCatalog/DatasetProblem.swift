import Foundation

/// Something wrong with one item of a dataset: `file: item N: field: what is wrong`.
public struct DatasetProblem: Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it (or as found in the directory they named).
  public var file: String
  /// The item's position in its file, counting from 1.
  public var item: Int
  public var field: String
  public var message: String

  public init(file: String, item: Int, field: String, message: String) {
    (self.file, self.item, self.field, self.message) = (file, item, field, message)
  }

  public var description: String { "\(file): item \(item): \(field): \(message)" }
}

/// A dataset that cannot be read at all: a missing file, not a dataset, unparseable, an empty directory.
public struct DatasetError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var reason: String

  public init(file: String, reason: String) { (self.file, self.reason) = (file, reason) }

  public var description: String { "\(file): \(reason)" }

  /// `file` could not be opened or read, with the system's reason (`errno` now): a missing file and an unreadable
  /// one are different mistakes.
  public static func unreadable(file: String) -> DatasetError {
    DatasetError(file: file, reason: "cannot be read: \(String(cString: strerror(errno)))")
  }
}
