import Foundation
import Testing

/// `make install` puts fish's completion where the fish on this machine reads vendor completions (Debian's does not
/// look under /usr/local), and PREFIX's own folder when fish names one there.
@Suite("Where make install puts the fish completion")
struct FishCompletionPlaceTests {
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The folder `make -n install` would write waterfall.fish to, and the folders fish reads, under `environment`.
  static func places(prefix: String, environment: [String: String] = [:]) throws -> (target: String, looks: [String]) {
    let (_, plan, _) = try ManualAndCompletionTests.run(
      ["make", "-C", checkout.path, "-n", "install", "PREFIX=\(prefix)"], environment: environment)
    let lines = plan.split(separator: "\n")
    let line = try #require(lines.first { $0.contains("waterfall.fish") }, "make -n install:\n\(plan)")
    let target = try #require(line.split(separator: "\"").first { $0.hasSuffix("waterfall.fish") })
    let (_, looks, _) = try ManualAndCompletionTests.run(
      ["fish", "-c", "string join \\n -- $__fish_vendor_completionsdirs"], environment: environment)
    return (String(target.dropLast("/waterfall.fish".count)), looks.split(separator: "\n").map(String.init))
  }

  @Test("the default prefix: a folder fish reads")
  func defaultPrefix() throws {
    let (target, looks) = try Self.places(prefix: "/usr/local")
    #expect(looks.contains(target), "\(target) is not among fish's \(looks)")
  }

  @Test("a prefix fish reads through XDG_DATA_DIRS: that prefix's folder")
  func prefixFishReads() throws {
    let prefix = "/opt/wf-\(UUID().uuidString.prefix(8))"
    let (target, looks) = try Self.places(prefix: prefix, environment: ["XDG_DATA_DIRS": "\(prefix)/share:/usr/share"])
    #expect(target == "\(prefix)/share/fish/vendor_completions.d")
    #expect(looks.contains(target), "\(target) is not among fish's \(looks)")
  }
}
