import Glibc

/// The viewer on `/dev/tty` when standard input or output is not the terminal, as fzf and less do: the catalogue
/// can come down a pipe and the picks go up another, while the screen and the keys stay on the terminal.
public enum ControllingTerminal {
  /// Puts `/dev/tty` in the place of standard input and output where they are not terminals, so curses, the
  /// input reader and the signal handlers all work on the terminal. Returns a descriptor of the original
  /// standard output (for the picks, written after the terminal is restored), or why there is no terminal.
  /// Call once the dataset's own descriptor has been taken, before the session starts.
  public static func takeStandardStreams() -> Result<Int32, NoTerminal> {
    let original = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
    guard original >= 0 else { return .failure(NoTerminal(reason: "standard output is closed")) }
    if isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 { return .success(original) }
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else {
      let reason = String(cString: strerror(errno))
      close(original)
      return .failure(NoTerminal(reason: "no terminal (/dev/tty: \(reason))"))
    }
    if isatty(STDIN_FILENO) == 0 { dup2(terminal, STDIN_FILENO) }
    if isatty(STDOUT_FILENO) == 0 { dup2(terminal, STDOUT_FILENO) }
    close(terminal)
    return .success(original)
  }

  /// Why the viewer has no terminal.
  public struct NoTerminal: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
  }
}
