import Foundation
import Glibc

extension ConfigFile {
  /// Up to `limit` bytes of `path` and a few more (so a larger file is told), read as a stream so a pipe reads
  /// too; or why it cannot be read, the system's reason ("No such file or directory", "Is a directory").
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

  /// A system error number and its words.
  struct Errno: Error {
    var code: Int32
    var reason: String { String(cString: strerror(code)) }
  }
}
