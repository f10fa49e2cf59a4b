import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Which file, and which version of it, a dataset's items were read from: device, inode, size and modification
/// time. `--pick` reads a record again from its file only when the file is still this one.
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modifiedSeconds = Int(status.st_mtim.tv_sec)
    modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
  }

  /// The identity of each dataset file when it was opened for reading, by path (the last read of a path wins).
  private static let read = Locked<[String: FileIdentity]>([:])

  static func remember(_ identity: FileIdentity, of file: String) { read.withLock { $0[file] = identity } }

  static func remembered(of file: String) -> FileIdentity? { read.withLock { $0[file] } }
}
