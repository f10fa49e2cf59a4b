import Foundation
import TestSupport
import Testing

/// A tape's `Output` paths: unquoted absolute paths as VHS takes them, and the folders they need made as VHS makes them.
@Suite("A tape's output paths")
struct TapeOutputPathEndToEndTests {
  /// Removed with the suite's value, after each test.
  let folder = TemporaryDirectory("outputs")

  @Test("Output /abs/path/out.txt unquoted is the path, as VHS reads it, not a regex")
  func unquotedAbsolutePath() throws {
    let output = folder.file("out.txt")
    let run = try BinaryRun(["snapshot", "--tape", folder.write("t.tape", "Output \(output)\nType \"j\"\n")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: output))
  }

  @Test("an Output in folders that are not there gets them made, as VHS's own examples need (examples/…/x.gif)")
  func missingFolders() throws {
    let nested = folder.file("examples/commands")
    let tape = folder.write(
      "t.tape", "Output \"\(nested)/arrow.txt\"\nOutput \"\(nested)/arrow.cast\"\nType \"j\"\n")
    let run = try BinaryRun(["snapshot", "--tape", tape, "--no-images"])
    #expect(run.status == 0, "\(run.errors)")
    for name in ["arrow.txt", "arrow.cast"] {
      let written = try? String(contentsOfFile: "\(nested)/\(name)", encoding: .utf8)
      #expect(written?.isEmpty == false, "\(name) not written")
    }
    let permissions = try FileManager.default.attributesOfItem(atPath: nested)[.posixPermissions] as? Int
    #expect(permissions == 0o750, "made as VHS makes it: \(String(permissions ?? 0, radix: 8))")
  }

  @Test("an Output whose folder cannot be made names it and why, not Foundation's 'could not be completed'")
  func folderThatCannotBeMade() throws {
    let file = folder.write("plain", "not a folder")
    let run = try BinaryRun([
      "snapshot", "--tape", folder.write("t.tape", "Output \"\(file)/sub/y.txt\"\nType \"j\"\n"),
    ])
    #expect(run.status == 2)
    #expect(run.errors.contains("\(file)/sub: cannot make the folder: \(file) is not a folder"), "\(run.errors)")
    #expect(!run.errors.contains("could not be completed"), "\(run.errors)")
  }
}
