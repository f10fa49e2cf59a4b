import Foundation

/// What a start costs before any work: `waterfall --version` against `chafa --version`, a C program on the same
/// picture libraries, in CPU time (user and system, the loader's relocations and page faults included), the two
/// run in turn; and the size of the binary as `make install` installs it (stripped).
struct StartupBenchmark {
  let waterfall: String
  let quick: Bool

  func run() -> [Figure] {
    var figures: [Figure] = []
    if let chafa = Self.onPath("chafa") {
      var ours: [Double] = []
      var theirs: [Double] = []
      for _ in 0..<(quick ? 11 : 41) {
        guard let our = Self.childCPU([waterfall, "--version"]), let their = Self.childCPU([chafa, "--version"])
        else {
          print("(start: a --version run failed; skipped)")
          return []
        }
        ours.append(our)
        theirs.append(their)
      }
      figures.append(
        .comparison(
          name: "start: `waterfall --version` against `chafa --version`, CPU", oursNanoseconds: Harness.median(ours),
          baselineNanoseconds: Harness.median(theirs)))
    } else {
      print("(start: chafa is not installed; no side-by-side)")
    }
    if let size = Self.strippedSize(of: waterfall) {
      figures.append(.scaling(name: "the installed (stripped) binary", value: size / 1_000_000, unit: "MB"))
    }
    return figures
  }

  /// The CPU nanoseconds of `arguments` run as a child, spawned directly (a shell would add its own start), its
  /// output thrown away; nil when it fails.
  static func childCPU(_ arguments: [String]) -> Double? {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
    return Harness.cpuNanoseconds(usage)
  }

  /// The size in bytes of `binary` after `strip`, as `install -s` leaves it.
  static func strippedSize(of binary: String) -> Double? {
    let copy = NSTemporaryDirectory() + "waterfall-bench-stripped-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    guard Shell.run("strip -o '\(copy)' '\(binary)'") == 0,
      let size = (try? FileManager.default.attributesOfItem(atPath: copy))?[.size] as? NSNumber
    else { return nil }
    return size.doubleValue
  }

  private static func onPath(_ name: String) -> String? {
    let path = Shell.output(of: "command -v \(name)").trimmingCharacters(in: .whitespacesAndNewlines)
    return path.isEmpty ? nil : path
  }
}
