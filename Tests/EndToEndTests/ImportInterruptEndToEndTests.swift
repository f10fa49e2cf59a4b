import Foundation
import Glibc
import TestSupport
import Testing

/// An import stopped half way leaves nothing behind: INT and TERM remove its temporary file, and a file left by
/// an import killed outright (its process gone) is removed by the next import into the same output.
extension ViewerEndToEndTests {
  @Test(
    "an import interrupted by INT or TERM removes its temporary file and ends as the signal does",
    arguments: [SIGINT, SIGTERM])
  func interruptedImport(signalNumber: Int32) throws {
    let folder = TemporaryDirectory("import")
    defer { folder.remove() }
    // 200,000 items: seconds of work (a million take over a minute here), so the signal, sent as soon as the
    // temporary file appears, comes half way.
    let lines = (0..<200_000).map { "{\"w\": 200, \"h\": 300, \"price\": \"¥\($0)\", \"title\": \"item \($0)\"}" }
    let source = folder.write("items.jsonl", lines.joined(separator: "\n"))
    let database = folder.file("shop.sqlite")
    let log = folder.file("log.txt")
    let pid = try ChildProcess.start([TmuxPane.binary, "import", source, database], outputPath: log)
    let temporary = "\(database).importing-\(pid)"
    var waited = 0
    while !FileManager.default.fileExists(atPath: temporary), waited < 60_000 {
      usleep(20_000)
      waited += 20
    }
    #expect(FileManager.default.fileExists(atPath: temporary), "the import writes its temporary file")
    kill(pid, signalNumber)
    // Bounded: an import that ignored the signal would wait on the pipe for ever.
    var status: Int32 = 0
    var ended = false
    for _ in 0..<1_500 where !ended {
      ended = waitpid(pid, &status, WNOHANG) == pid
      if !ended { usleep(20_000) }
    }
    if !ended {
      kill(pid, SIGKILL)
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
    #expect(ended, "the signal ended the import")
    #expect(status & 0x7F == signalNumber, "ended by the signal, as a shell expects")
    #expect(!FileManager.default.fileExists(atPath: temporary), "the temporary file is gone")
    #expect(!FileManager.default.fileExists(atPath: database), "no catalogue: the import did not finish")
    let said = try String(contentsOfFile: log, encoding: .utf8)
    #expect(said.contains("interrupted: nothing written (\(temporary) removed)"), "\(said)")
  }

  @Test("the next import removes a temporary file whose import is gone, and keeps one whose import still runs")
  func staleTemporaryRemoved() throws {
    let (folder, database) = try Self.importedCatalogue(3)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A process id that is surely gone: a child reaped just now.
    let reaped = try ChildProcess.start(["true"], outputPath: "/dev/null")
    var status: Int32 = 0
    while waitpid(reaped, &status, 0) == -1 && errno == EINTR {}
    let stale = "\(database).importing-\(reaped)"
    let live = "\(database).importing-\(getpid())"
    for path in [stale, live] { #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8))) }
    defer { try? FileManager.default.removeItem(atPath: live) }
    let run = try BinaryRun(["import", folder.appendingPathComponent("items.jsonl").path, database, "--replace"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: stale), "left by an import that is gone: removed")
    #expect(FileManager.default.fileExists(atPath: live), "another import's, still running: kept")
  }
}
