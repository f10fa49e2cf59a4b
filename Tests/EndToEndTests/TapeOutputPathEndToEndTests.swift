import Foundation
import TestSupport
import Testing

/// A tape's `Output` paths: unquoted absolute paths as VHS takes them, and a folder that is not there said so.
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

  @Test("an Output in a folder that is not there names the folder, not Foundation's 'could not be completed'")
  func missingFolder() throws {
    let missing = folder.file("sub")
    let run = try BinaryRun(["snapshot", "--tape", folder.write("t.tape", "Output \"\(missing)/y.txt\"\nType \"j\"\n")])
    #expect(run.status == 2)
    #expect(
      run.errors.contains("\(missing)/y.txt: cannot write: the folder \(missing) does not exist"), "\(run.errors)")
    #expect(!run.errors.contains("could not be completed"), "\(run.errors)")
  }
}
