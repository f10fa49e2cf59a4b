import Foundation

/// A temporary folder of this process for a benchmark's files, removed when `body` returns.
func withScratchFolder<Result>(_ name: String, _ body: (String) -> Result) -> Result {
  let folder = NSTemporaryDirectory() + "waterfall-bench-\(name)-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  return body(folder)
}
