import Foundation

/// Finds a program as a shell (and Go's `exec.LookPath`, which VHS's `Require` uses) does: a name with a `/` is
/// that file; any other is looked for in each folder of `PATH` in turn (an empty entry is the current folder).
enum ExecutableSearch {
  static func find(_ program: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
    guard !program.isEmpty else { return nil }
    if program.contains("/") { return isExecutableFile(program) ? program : nil }
    for folder in (path ?? "").split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
      if isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
  }
}
