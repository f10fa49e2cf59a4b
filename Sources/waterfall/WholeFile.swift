import ArgumentParser
import Foundation
import Glibc

/// The one way to read a whole file the user names (a config file, a tape, a recording, a golden file): as a
/// stream, not by its size, so a pipe reads too (`--config <(a command)`); bounded, so `/dev/zero` is an error,
/// not all of memory; and a failure carries the system's reason.
enum WholeFile {
  /// Up to `limit` bytes of `path` and a few more (so a larger file is told); or why it cannot be read, the
  /// system's reason ("No such file or directory", "Is a directory").
  static func bytes(of path: String, limit: Int) -> Result<Data, Errno> {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Errno(code: errno)) }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count <= limit {
      let got = Glibc.read(descriptor, &chunk, chunk.count)
      if got < 0, errno == EINTR { continue }
      if got < 0 { return .failure(Errno(code: errno)) }
      if got == 0 { break }
      data.append(contentsOf: chunk[0..<got])
    }
    return .success(data)
  }

  /// `path` as UTF-8 text of at most `limit` bytes; else a message on standard error naming the file and the
  /// system's reason, as a dataset's does, or what the file was to be (`what`: "tape", "recording"), and exit 2.
  static func text(of path: String, what: String, limit: Int) throws -> String {
    let data: Data
    switch bytes(of: path, limit: limit) {
    case .success(let read): data = read
    case .failure(let failure):
      printError("\(path): cannot be read: \(failure.reason)")
      throw ExitCode(2)
    }
    guard data.count <= limit else {
      printError("\(path): this \(what) is over \(limit >> 20) MB")
      throw ExitCode(2)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      printError("\(path): this \(what) is not UTF-8 text")
      throw ExitCode(2)
    }
    return text
  }

  /// A system error number and its words.
  struct Errno: Error {
    var code: Int32
    var reason: String { String(cString: strerror(code)) }
  }
}
