import CTerminalSignals
import Foundation
import Glibc
import WaterfallViewer

/// Opens links with `$BROWSER` (its words, then the address), else `xdg-open`: started in a process group of its
/// own with no terminal (standard streams on /dev/null), and never waited for; a thread of its own reaps it.
final class BrowserOpener: ExternalOpener {
  private let browser: String?

  init(environment: [String: String]) {
    browser = environment["BROWSER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
  }

  func open(_ address: String) -> String? {
    // The address is one argument word, never parsed by a shell.
    let program = browser.map { $0.split(separator: " ").map(String.init) } ?? ["xdg-open"]
    let arguments = program + [address]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in Int32(0)...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    // Nothing else of ours: a browser that outlives the viewer would keep its PostgreSQL and HTTP connections
    // open (the server never sees them end) and its files.
    wf_spawn_close_from(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group: Ctrl-C in the viewer does not reach it; its streams are not the terminal.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
    guard code == 0 else {
      return "cannot open the link: \(arguments[0]): \(String(cString: strerror(code)))"
    }
    let child = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    }
    return nil
  }
}
