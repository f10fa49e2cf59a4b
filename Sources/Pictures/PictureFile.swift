import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The checks made on a path before any decoder sees it, so each bad file gets its own reason.
enum PictureFile {
  /// Nil when `path` is a non-empty regular file this process can open; else why not.
  static func problem(at path: String) -> PictureFailure? {
    var info = stat()
    let systemPath = Self.systemPath(path)
    guard stat(systemPath, &info) == 0 else {
      let code = errno
      switch code {
      case ENOENT, ENOTDIR: return PictureFailure(.missing, "no such file: \(path)")
      case ELOOP: return PictureFailure(.missing, "too many symbolic links (a loop): \(path)")
      case EACCES: return PictureFailure(.unreadable, "permission denied: \(path)")
      default: return PictureFailure(.unreadable, "\(String(cString: strerror(code))): \(path)")
      }
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
      return PictureFailure(.notRegularFile, "\(what), not a picture: \(path)")
    }
    guard info.st_size > 0 else { return PictureFailure(.empty, "empty file: \(path)") }
    // O_NONBLOCK: a FIFO swapped in after the check must not block the worker on open.
    let descriptor = open(systemPath, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      return PictureFailure(.unreadable, "\(String(cString: strerror(code))): \(path)")
    }
    close(descriptor)
    return nil
  }

  /// The bytes to hand the system for `path`: a `file:` URL (the form a path that is not UTF-8 takes, see
  /// ``PictureSource/resolve(_:relativeTo:)``) is percent-decoded to its bytes; any other path is its own UTF-8.
  static func systemPath(_ path: String) -> [CChar] {
    let bytes = path.hasPrefix("file:") ? percentDecodedPath(ofFileURL: path) ?? Array(path.utf8) : Array(path.utf8)
    return bytes.map { CChar(bitPattern: $0) } + [0]
  }

  /// The path bytes of a `file:` URL (`file:///a/b%E9` or `file:/a/b%E9`), its escapes decoded; nil when it is
  /// not one or an escape is malformed.
  static func percentDecodedPath(ofFileURL url: String) -> [UInt8]? {
    var rest = Substring(url.dropFirst("file:".count))
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      // An authority other than empty or localhost is another machine's file.
      let host = rest.prefix { $0 != "/" }
      guard host.isEmpty || host == "localhost" else { return nil }
      rest = rest.dropFirst(host.count)
    }
    guard rest.hasPrefix("/") else { return nil }
    var bytes: [UInt8] = []
    var utf8 = rest.utf8.makeIterator()
    while let byte = utf8.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = utf8.next(), let low = utf8.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16), value != 0
      else { return nil }
      bytes.append(value)
    }
    return bytes
  }
}
