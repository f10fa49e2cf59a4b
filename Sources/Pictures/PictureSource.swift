import Foundation

/// Where an item's picture comes from, resolved from the dataset's `img` field.
public enum PictureSource: Hashable, Sendable {
  /// A file on this machine, as an absolute path.
  case file(String)
  /// An http or https URL, fetched over the network (and kept in the disk cache).
  case remote(String)
  /// Something that is not a picture we can load (another scheme, or nothing at all); why, in words.
  case notLocal(String)

  /// An item with no `img` at all: nothing to load, and nothing that failed.
  public static let noPicture = PictureSource.notLocal("no picture")

  /// Resolves `img` from a dataset: an http(s) URL, a path relative to the dataset file's directory, an absolute
  /// path, or a `file:` URL. `datasetFile` is the dataset file the item came from (a photo folder's items have
  /// absolute paths). From the text alone: the viewer resolves on its main loop, which must not wait for the disk.
  public static func resolve(_ img: String, relativeTo datasetFile: String) -> PictureSource {
    let text = img.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return .noPicture }
    if let scheme = URLScheme(of: text) {
      if scheme.isWeb {
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
          return .notLocal("not a usable web address: \(RedactedURL.text(text))")
        }
        return .remote(text)
      }
      guard scheme == .file else { return .notLocal("not a picture we can load: \(RedactedURL.text(text))") }
      guard let bytes = PictureFile.percentDecodedPath(ofFileURL: text) else {
        return .notLocal("not a usable file URL: \(text)")
      }
      // A path that is not UTF-8 keeps its URL form, which PictureFile.systemPath opens by its bytes.
      guard let path = String(validating: bytes, as: UTF8.self) else { return .file("file:" + text.dropFirst(5)) }
      return .file(URL(filePath: path, directoryHint: .notDirectory).standardizedFileURL.path)
    }
    // Every directory hint given, so Foundation does not ask the disk whether a path is a directory.
    if text.hasPrefix("/") { return .file(URL(filePath: text, directoryHint: .notDirectory).standardizedFileURL.path) }
    let folder = URL(filePath: datasetFile, directoryHint: .notDirectory).deletingLastPathComponent()
    return .file(folder.appending(path: text, directoryHint: .notDirectory).standardizedFileURL.path)
  }
}
