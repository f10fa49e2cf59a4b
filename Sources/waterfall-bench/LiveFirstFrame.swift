import Foundation

/// The first frame of a file as a user gets it: the release binary started with no options in a tmux pane (a
/// server of its own, already running, so its start is not counted), timed until the pane shows the first item
/// and the status bar, polled every 2 ms (each look is a `tmux capture-pane`, a few ms of its own).
enum LiveFirstFrame {
  /// Nanoseconds from starting `waterfall PATH` to its first frame on screen showing `shows`; `nil` when it never
  /// did within 60 s.
  static func time(waterfall: String, path: String, shows: String) -> Double? {
    let tmux = "tmux -L waterfall-bench-\(getpid())"
    Shell.run("\(tmux) new-session -d -s bench -x 120 -y 40 'sleep 600'")
    defer { Shell.run("\(tmux) kill-server 2>/dev/null") }
    let start = Harness.now()
    Shell.run("\(tmux) respawn-pane -k -t bench \"'\(waterfall)' '\(path)'\"")
    while Harness.now() - start < 60_000_000_000 {
      let screen = Shell.output(of: "\(tmux) capture-pane -p -t bench")
      if screen.contains(shows), screen.contains("row 1/") { return Double(Harness.now() - start) }
      usleep(2_000)
    }
    return nil
  }
}
