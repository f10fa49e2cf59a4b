import Foundation
import Testing

@testable import Pictures

@Suite("Disk cache")
struct DiskCacheTests {
  private func bytes(_ seed: Int, count: Int = 1000) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
  }

  private func entryFiles(_ cache: PictureDiskCache) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.entriesFolder)) ?? []
    return names.map { (cache.entriesFolder as NSString).appendingPathComponent($0) }
  }

  @Test("its place is $XDG_CACHE_HOME/waterfall when that is absolute, else ~/.cache/waterfall")
  func place() {
    #expect(
      PictureDiskCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]) == "/x/cache/waterfall")
    #expect(
      PictureDiskCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/waterfall"
    )
    #expect(PictureDiskCache.defaultFolder(environment: ["HOME": "/h"]) == "/h/.cache/waterfall")
  }

  @Test("entries survive a restart, byte for byte")
  func survivesRestart() throws {
    let folder = TemporaryDirectory()
    let stored = try PictureDiskCache(folder: folder.path).store(bytes(7), for: "https://a.example/1.jpg").get()
    let reopened = PictureDiskCache(folder: folder.path)
    let path = try #require(reopened.path(for: "https://a.example/1.jpg"))
    #expect(path == stored)
    #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == bytes(7))
    #expect(reopened.summary.count == 1 && reopened.summary.bytes == 1000)
    #expect(reopened.path(for: "https://a.example/2.jpg") == nil)
  }

  @Test("after 1,000 pictures it holds its byte bound, the most recent kept, on disk as in its count")
  func sizeBound() {
    let folder = TemporaryDirectory()
    let cache = PictureDiskCache(folder: folder.path, byteLimit: 100_000)
    for index in 0..<1000 { _ = cache.store(bytes(index), for: "https://shop.example/p/\(index).jpg") }
    #expect(cache.summary.bytes <= 100_000 && cache.summary.count == 100)
    let onDisk = entryFiles(cache).reduce(0) { $0 + (PictureDiskCache.fileSize($1) ?? 0) }
    #expect(onDisk == cache.summary.bytes)
    #expect(cache.path(for: "https://shop.example/p/999.jpg") != nil)
    #expect(cache.path(for: "https://shop.example/p/0.jpg") == nil)
    #expect(
      PictureDiskCache(folder: folder.path, byteLimit: 50_000).summary.bytes <= 50_000, "a smaller bound on reopening")
  }

  @Test("a truncated or altered entry is dropped, and so is a stray file")
  func corruptEntries() throws {
    let folder = TemporaryDirectory()
    let cache = PictureDiskCache(folder: folder.path)
    let cut = try cache.store(bytes(1), for: "u1").get()
    let altered = try cache.store(bytes(2), for: "u2").get()
    #expect(truncate(cut, 10) == 0)
    var changed = bytes(2)
    changed[500] ^= 0xFF
    _ = FileManager.default.createFile(atPath: altered, contents: Data(changed))
    _ = FileManager.default.createFile(atPath: cache.entriesFolder + "/stray.picture", contents: Data([1]))
    let reopened = PictureDiskCache(folder: folder.path)
    #expect(reopened.path(for: "u1") == nil)
    #expect(reopened.path(for: "u2") == nil, "its checksum no longer matches")
    #expect(entryFiles(reopened).isEmpty)
  }

  @Test("a half-written temporary file is never served; clear empties the cache")
  func temporaryFilesAndClear() throws {
    let folder = TemporaryDirectory()
    let cache = PictureDiskCache(folder: folder.path)
    _ = FileManager.default.createFile(atPath: cache.entriesFolder + "/.tmp-crashed", contents: Data(bytes(3)))
    #expect(PictureDiskCache(folder: folder.path).summary.count == 0)
    _ = try cache.store(bytes(4), for: "u4").get()
    cache.clear()
    #expect(cache.summary.count == 0 && cache.path(for: "u4") == nil && entryFiles(cache).isEmpty)
  }

  @Test("looking (cache info) changes nothing: strays, old leftovers and entries over a bound all stay")
  func lookingIsReadOnly() throws {
    let folder = TemporaryDirectory()
    let cache = PictureDiskCache(folder: folder.path)
    _ = try cache.store(bytes(5), for: "u5").get()
    _ = try cache.store(bytes(6), for: "u6").get()
    _ = FileManager.default.createFile(atPath: cache.entriesFolder + "/stray.picture", contents: Data([1]))
    let leftover = cache.entriesFolder + "/.tmp-crashed"
    _ = FileManager.default.createFile(atPath: leftover, contents: Data(bytes(3)))
    let dayAgo = Date().addingTimeInterval(-86_400)
    try FileManager.default.setAttributes([.modificationDate: dayAgo], ofItemAtPath: leftover)
    let before = try FileManager.default.contentsOfDirectory(atPath: cache.entriesFolder).sorted()
    let summary = PictureDiskCache.look(at: folder.path)
    #expect(summary.count == 2 && summary.bytes == 2000 && summary.folder == folder.path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.entriesFolder).sorted() == before)
    #expect(before.count == 4)
    #expect(PictureDiskCache.look(at: folder.path + "/nothing-here").count == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/nothing-here"))
  }

  @Test("stores and reads from many threads at once keep the bound, and the index agrees with the folder")
  func concurrentUse() {
    let folder = TemporaryDirectory()
    let cache = PictureDiskCache(folder: folder.path, byteLimit: 60_000)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for index in 0..<50 {
        let url = "https://shop.example/\(thread)/\(index % 20).jpg"
        _ = cache.store(bytes(thread * 100 + index), for: url)
        _ = cache.path(for: "https://shop.example/\((thread + 1) % 8)/\(index % 20).jpg")
      }
    }
    let onDisk = entryFiles(cache).reduce(0) { $0 + (PictureDiskCache.fileSize($1) ?? 0) }
    #expect(cache.summary.bytes <= 60_000)
    #expect(onDisk == cache.summary.bytes && entryFiles(cache).count == cache.summary.count)
  }
}
