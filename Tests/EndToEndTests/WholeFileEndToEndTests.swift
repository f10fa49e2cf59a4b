import Foundation
import TestSupport
import Testing

/// The files `render` and `snapshot --tape`, `--replay` and `--expect` read whole are read one way: a folder, a
/// missing file or an endless one is refused alike, the file named with the system's reason or the limit, exit 2.
@Suite("Files read whole")
struct WholeFileEndToEndTests {
  /// Removed with the suite's value, after each test.
  let folder = TemporaryDirectory("whole")

  @Test("a folder given as the recording, tape or golden file: its name and the system's reason, exit 2")
  func folderIsRefused() throws {
    let runs = [
      ["render", folder.path, folder.file("out.png")], ["snapshot", "--replay", folder.path],
      ["snapshot", "--tape", folder.path], ["snapshot", "--no-images", "--expect", folder.path],
    ]
    for arguments in runs {
      let run = try BinaryRun(arguments)
      #expect(run.status == 2, "\(arguments): \(run.errors)")
      #expect(run.errors.contains("\(folder.path): cannot be read: Is a directory"), "\(arguments): \(run.errors)")
    }
  }

  @Test("a missing recording: render names it and the system's reason, exit 2")
  func missingRecording() throws {
    let run = try BinaryRun(["render", folder.file("none.cast"), folder.file("out.png")])
    #expect(run.status == 2, "\(run.errors)")
    #expect(run.errors.contains("none.cast: cannot be read: No such file or directory"), "\(run.errors)")
  }

  @Test("/dev/zero as a recording is refused at the limit, not read into all of memory")
  func endlessRecording() throws {
    let run = try BinaryRun(["render", "/dev/zero", folder.file("out.png")])
    #expect(run.status == 2, "\(run.errors)")
    #expect(run.errors.contains("/dev/zero: this recording is over 16 MB"), "\(run.errors)")
  }
}
