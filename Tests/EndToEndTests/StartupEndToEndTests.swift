import Foundation
import Testing

/// libvips (and the hundred libraries it brings) is loaded at the first picture that needs it, not at start, and the
/// Swift runtime is linked in (`--static-swift-stdlib`), so the loader maps none of its libraries.
@Suite("Start-up")
struct StartupEndToEndTests {
  /// The shared libraries the dynamic loader opened for a run, from its own report (LD_DEBUG=libs).
  static func librariesOpened(by run: BinaryRun) -> [String] {
    run.errors.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "calling init: ") else { return nil }
      return String(line[range.upperBound...])
    }
  }

  @Test("--version loads neither the Swift runtime's libraries nor libvips and the libraries it brings (HEIF, …)")
  func versionWithoutLibvips() throws {
    let run = try BinaryRun(["--version"], environment: ["LD_DEBUG": "libs"])
    #expect(run.status == 0 && !run.output.isEmpty)
    let libraries = Self.librariesOpened(by: run)
    #expect(libraries.contains { $0.contains("libc.so") }, "the loader's report:\n\(run.errors.prefix(2000))")
    #expect(
      !libraries.contains { $0.contains("libswift") || $0.contains("libFoundation") || $0.contains("libdispatch") })
    #expect(!libraries.contains { $0.contains("libvips") || $0.contains("libheif") || $0.contains("libpoppler") })
  }

  @Test("the bundled catalogue's JPEG pictures are drawn without loading libvips")
  func jpegsWithoutLibvips() throws {
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let run = try BinaryRun(["snapshot", "--size", "80x24", catalogue], environment: ["LD_DEBUG": "libs"])
    #expect(run.status == 0)
    #expect(run.output.contains("▄") || run.output.contains("▀"), "pictures drawn:\n\(run.output)")
    #expect(!Self.librariesOpened(by: run).contains { $0.contains("libvips") })
  }
}
