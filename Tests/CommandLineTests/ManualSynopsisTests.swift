import Foundation
import Testing

/// The manual page's synopsis reads as `--help`'s usage does (the viewer is the default, a subcommand is not
/// needed), and options whose defaults `--help` gives have them in the manual page too.
@Suite("The manual page's synopsis and defaults")
struct ManualSynopsisTests {
  @Test("SYNOPSIS: waterfall [path] [options] first, then waterfall subcommand [options]")
  func synopsis() throws {
    let manual = try ManualAndCompletionTests.renderedManual().text
    let lines = manual.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let heading = try #require(lines.firstIndex(of: "SYNOPSIS"))
    #expect(lines[heading + 1].hasPrefix("waterfall [path]"), "\(lines[heading + 1])")
    #expect(lines.contains("waterfall subcommand [options]"), "\(lines[heading...].prefix(20))")
  }

  @Test("render's options have their defaults in the manual page")
  func renderDefaults() throws {
    let manual = try ManualAndCompletionTests.renderedManual().text
    let render = try #require(manual.range(of: "--font-size")).lowerBound
    let section = manual[render...].prefix(600)
    for expected in ["(default: 22)", "(default: VHS)", "(default: 50)"] {
      #expect(section.contains(expected), "\(expected) in:\n\(section)")
    }
  }
}
