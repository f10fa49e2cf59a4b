import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The checks made on a path before any decoder sees it, so each bad file gets its own reason.
enum PictureFile {
  /// Nil when `path` is a non-empty regular file this process can open; else why not.
  static func problem(at path: String) -> PictureFailure? {
    var info = stat()
    guard stat(path, &info) == 0 else {
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
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      return PictureFailure(.unreadable, "\(String(cString: strerror(code))): \(path)")
    }
    close(descriptor)
    return nil
  }
}
