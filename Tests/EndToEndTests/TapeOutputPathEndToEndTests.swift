import Foundation
import Testing

/// A tape's `Output` paths: unquoted absolute paths as VHS takes them, and a folder that is not there said so.
@Suite("A tape's output paths")
struct TapeOutputPathEndToEndTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-outputs-\(UUID().uuidString)")

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

  func tape(_ text: String) throws -> String {
    let file = folder.appendingPathComponent("t.tape")
    try Data(text.utf8).write(to: file)
    return file.path
  }

  @Test("Output /abs/path/out.txt unquoted is the path, as VHS reads it, not a regex")
  func unquotedAbsolutePath() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.txt").path
    let run = try BinaryRun(["snapshot", "--tape", try tape("Output \(output)\nType \"j\"\n")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: output))
  }

  @Test("an Output in a folder that is not there names the folder, not Foundation's 'could not be completed'")
  func missingFolder() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("sub").path
    let run = try BinaryRun(["snapshot", "--tape", try tape("Output \"\(missing)/y.txt\"\nType \"j\"\n")])
    #expect(run.status == 2)
    #expect(
      run.errors.contains("\(missing)/y.txt: cannot write: the folder \(missing) does not exist"), "\(run.errors)")
    #expect(!run.errors.contains("could not be completed"), "\(run.errors)")
  }
}
