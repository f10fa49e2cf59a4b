import CTerminalSignals
import Glibc

/// Runs a program and waits for it with posix_spawn and waitpid. Foundation's Process sometimes never sees a
/// child exit on Linux when the child leaves a daemon behind (tmux starting its server), so we reap it ourselves.
public enum ChildProcess {
  public struct SpawnError: Error, CustomStringConvertible {
    public var code: Int32
    public var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
  }

  /// Runs `arguments` (looked up on PATH) with standard input from /dev/null and standard output and error
  /// appended to `outputPath`, and returns its exit status (128 + the signal when a signal ended it).
  public static func run(_ arguments: [String], outputPath: String) throws -> Int32 {
    let pid = try spawn(arguments, environment: nil, outputPath: outputPath, ownGroup: false)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let terminatedBySignal = status & 0x7F
    return terminatedBySignal == 0 ? (status >> 8) & 0xFF : 128 + terminatedBySignal
  }

  /// Starts `arguments` in the background in a process group of its own, with `environment` added; returns its
  /// process id. Stop it with ``stop(_:)``.
  public static func start(
    _ arguments: [String], environment: [String: String] = [:], outputPath: String
  ) throws -> pid_t {
    var merged: [String: String] = [:]
    var index = 0
    while let entry = environ[index] {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      index += 1
    }
    merged.merge(environment) { _, new in new }
    return try spawn(
      arguments, environment: merged.map { "\($0.key)=\($0.value)" }, outputPath: outputPath, ownGroup: true)
  }

  /// Ends a process started with ``start(_:environment:outputPath:)`` and its process group, and reaps it.
  public static func stop(_ pid: pid_t) {
    kill(-pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<100 {
      if waitpid(pid, &status, WNOHANG) == pid { return }
      usleep(20_000)
    }
    kill(-pid, SIGKILL)
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  }

  /// posix_spawnp with standard input from /dev/null and output appended to `outputPath`; `environment`: the
  /// whole environment, or `nil` for this process's; `ownGroup`: in a process group of its own (so stopping it
  /// stops what it started: a terminal's shell and the viewer).
  private static func spawn(
    _ arguments: [String], environment: [String]?, outputPath: String, ownGroup: Bool
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // None of the test process's descriptors: the tests share one process, and a tmux server started here would
    // keep another test's PostgreSQL connection open after the test closed it (the server saw two clients).
    wf_spawn_close_from(&actions, 3)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? []).map { strdup($0) } + [nil]
    defer { for pointer in envp { free(pointer) } }
    // A clean signal mask and default dispositions: the test thread may block signals (SIGTERM among them), and
    // a tmux server started from here would inherit that mask and survive kill-server.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var pid: pid_t = 0
    let code =
      environment == nil
      ? posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
      : posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard code == 0 else { throw SpawnError(code: code) }
    return pid
  }
}
