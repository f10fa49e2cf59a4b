import ArgumentParser
import Foundation
import Pictures

/// `waterfall cache info` and `waterfall cache clear`: the picture cache of fetched http(s) pictures.
struct CacheCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cache",
    abstract: "Show or empty the picture cache ($XDG_CACHE_HOME/waterfall, else ~/.cache/waterfall).",
    subcommands: [Info.self, Clear.self])

  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the cache's place, size and count.")

    func run() throws {
      let summary = PictureDiskCache.look(at: PictureDiskCache.defaultFolder())
      printLine("place: \(summary.folder)")
      printLine("size: \(CacheCommand.describe(bytes: summary.bytes))")
      printLine("pictures: \(summary.count)")
    }
  }

  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove every picture from the cache.")

    func run() throws {
      let cache = PictureDiskCache(folder: PictureDiskCache.defaultFolder(), byteLimit: .max)
      let before = cache.summary
      cache.clear()
      printLine(
        "removed \(before.count) pictures (\(CacheCommand.describe(bytes: before.bytes))) from \(before.folder)")
    }
  }

  static func describe(bytes: Int) -> String {
    if bytes < 1 << 20 { return "\(bytes) bytes" }
    return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
  }
}
