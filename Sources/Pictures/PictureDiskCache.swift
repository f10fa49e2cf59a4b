import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Fetched pictures kept on disk, as the bytes the server sent: one file per URL, named by a hash of the URL with
/// the body's length and checksum, so an entry that was cut short or changed is seen and dropped. Entries are
/// written to a temporary file and renamed into place, so none is ever served half-written. Bounded in bytes; the
/// least recently used (by modification time, which a use refreshes, so the order survives a restart) go first.
public final class PictureDiskCache: Sendable {
  /// What `cache info` shows.
  public struct Summary: Sendable, Hashable {
    public var folder: String
    public var bytes: Int
    public var count: Int

    init(folder: String, entries: [String: Entry]) {
      (self.folder, bytes, count) = (folder, entries.values.reduce(0) { $0 + $1.bytes }, entries.count)
    }
  }

  struct Entry: Sendable {
    var name: String
    var bytes: Int
    var checksum: UInt64
    var lastUse: Double
    /// Whether its checksum has been checked in this process.
    var verified = false
  }

  /// The cache's folder: `$XDG_CACHE_HOME/waterfall`, else `~/.cache/waterfall`.
  public let folder: String
  public let byteLimit: Int
  /// Where the entries live (`folder`/pictures), so other caches can sit beside them later.
  let entriesFolder: String
  private let index: Locked<[String: Entry]>

  public init(folder: String, byteLimit: Int = 256 << 20) {
    self.folder = folder
    self.byteLimit = max(0, byteLimit)
    entriesFolder = Self.entriesFolder(in: folder)
    // Opening tidies (strays, old leftovers, what is over the bound); the folder is made by the first store, so
    // a run with nothing remote leaves no trace. `look(at:)` only reads.
    index = Locked(Self.scan(entriesFolder, tidy: true))
    index.withLock { evict(&$0) }
  }

  /// `$XDG_CACHE_HOME/waterfall` when that is an absolute path (the XDG rule), else `$HOME/.cache/waterfall`.
  public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return (base as NSString).appendingPathComponent("waterfall")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return (home as NSString).appendingPathComponent(".cache/waterfall")
  }

  /// What the cache in `folder` holds, read without changing anything there (`cache info`): no stray or leftover
  /// file is removed and nothing is evicted, unlike opening it.
  public static func look(at folder: String) -> Summary {
    Summary(folder: folder, entries: scan(entriesFolder(in: folder), tidy: false))
  }

  static func entriesFolder(in folder: String) -> String { (folder as NSString).appendingPathComponent("pictures") }

  public var summary: Summary {
    index.withLock { Summary(folder: folder, entries: $0) }
  }

  /// The file holding `url`'s bytes, checked whole (length, and checksum once per process), or nil. A bad entry is
  /// removed, so the picture is fetched again.
  public func path(for url: String) -> String? {
    let key = Self.key(for: url)
    guard let entry = index.withLock({ $0[key] }) else { return nil }
    let path = (entriesFolder as NSString).appendingPathComponent(entry.name)
    var good = Self.fileSize(path) == entry.bytes
    if good && !entry.verified {
      good = FileManager.default.contents(atPath: path).map { Self.checksum(of: $0) == entry.checksum } ?? false
    }
    // Another thread may have replaced the entry meanwhile: only the one checked here is changed or dropped.
    guard good else {
      index.withLock { entries in
        if entries[key]?.name == entry.name {
          entries[key] = nil
          unlink(path)
        }
      }
      return nil
    }
    let now = Date().timeIntervalSince1970
    index.withLock { entries in
      guard entries[key]?.name == entry.name else { return }
      entries[key]?.verified = true
      entries[key]?.lastUse = now
    }
    // The modification time carries the use across restarts.
    utimes(path, nil)
    return path
  }

  /// Keeps `bytes` for `url`: a temporary file, then a rename. Returns the entry's path, or why it could not be kept
  /// (a full disk, say); nothing half-written is left behind either way.
  public func store(_ bytes: [UInt8], for url: String) -> Result<String, PictureFailure> {
    let key = Self.key(for: url)
    let checksum = Self.checksum(of: bytes)
    let name = "\(key)-\(bytes.count)-\(String(checksum, radix: 16)).picture"
    let path = (entriesFolder as NSString).appendingPathComponent(name)
    let temporary = (entriesFolder as NSString).appendingPathComponent(".tmp-\(UUID().uuidString)")
    guard bytes.count <= byteLimit else {
      return .failure(PictureFailure(.bodyTooLarge, "larger than the whole disk cache: \(RedactedURL.text(url))"))
    }
    try? FileManager.default.createDirectory(atPath: entriesFolder, withIntermediateDirectories: true)
    if let problem = Self.writeWhole(bytes, to: temporary) {
      unlink(temporary)
      return .failure(PictureFailure(.unreadable, "could not keep the picture (\(problem)): \(RedactedURL.text(url))"))
    }
    // The rename and the index change together, so this process never sees the file without its entry.
    let problem: String? = index.withLock { entries in
      guard rename(temporary, path) == 0 else { return String(cString: strerror(errno)) }
      if let old = entries[key], old.name != name {
        unlink((entriesFolder as NSString).appendingPathComponent(old.name))
      }
      entries[key] = Entry(
        name: name, bytes: bytes.count, checksum: checksum, lastUse: Date().timeIntervalSince1970, verified: true)
      evict(&entries)
      return nil
    }
    if let problem {
      unlink(temporary)
      return .failure(PictureFailure(.unreadable, "could not keep the picture (\(problem)): \(RedactedURL.text(url))"))
    }
    return .success(path)
  }

  /// Removes every entry (and any temporary file left by a crash).
  public func clear() {
    index.withLock { entries in
      entries.removeAll()
      for name in (try? FileManager.default.contentsOfDirectory(atPath: entriesFolder)) ?? [] {
        unlink((entriesFolder as NSString).appendingPathComponent(name))
      }
    }
  }

  /// Drops the least recently used entries until the rest fit the bound.
  private func evict(_ entries: inout [String: Entry]) {
    var total = entries.values.reduce(0) { $0 + $1.bytes }
    guard total > byteLimit else { return }
    for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard total > byteLimit else { break }
      unlink((entriesFolder as NSString).appendingPathComponent(entry.name))
      entries[key] = nil
      total -= entry.bytes
    }
  }
}
