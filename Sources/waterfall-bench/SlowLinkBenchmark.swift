import Foundation

/// kitty pictures over a slow link (ssh on a poor connection): the viewer runs in a pseudo-terminal of 120×40
/// cells of 10×20 px whose other end is read at most `rate` bytes a second (a relay of our own, so the viewer's
/// writes block as they would on the link), `--graphics kitty`, the bundled catalogue. Once the first picture's
/// transmission shows in the stream, `?` is typed: how long until the help overlay's text arrives, and whether
/// pictures were still being sent after it (a frame that waits behind every picture of the screen is the problem
/// this measures).
struct SlowLinkBenchmark {
  let waterfall: String
  let quick: Bool
  /// 1 MB/s.
  static let rate = 1_000_000

  func run() -> [Figure] {
    guard Shell.run("command -v python3 >/dev/null") == 0 else {
      print("(slow link: python3 is not installed; skipped)")
      return []
    }
    return withScratchFolder("slow-link") { folder in
      let script = (folder as NSString).appendingPathComponent("slow-link.py")
      try? Self.relay.write(toFile: script, atomically: true, encoding: .utf8)
      return measure(script: script)
    }
  }

  private func measure(script: String) -> [Figure] {
    var latencies: [Double] = []
    var last: [String: Double] = [:]
    for _ in 0..<(quick ? 3 : 7) {
      let answer = Shell.output(
        of: "env -u TMUX -u TMUX_PANE TERM=xterm-256color python3 '\(script)' \(Self.rate) "
          + "'\(waterfall)' --columns 4 --graphics kitty 2>/dev/null")
      guard let data = answer.split(separator: "\n").last.map({ Data($0.utf8) }),
        let fields = try? JSONSerialization.jsonObject(with: data) as? [String: Double],
        let latency = fields["latency_ms"]
      else {
        print("(slow link: the viewer did not answer in time: \(answer.suffix(200)))")
        continue
      }
      latencies.append(latency)
      last = fields
    }
    guard !latencies.isEmpty else { return [] }
    return [
      .scaling(
        name: "slow link 1 MB/s, kitty, 120×40: a keystroke's frame while pictures are sent, median",
        value: Harness.median(latencies), unit: "ms"),
      .scaling(
        name: "slow link 1 MB/s, kitty, 120×40: a keystroke's frame, worst", value: latencies.max() ?? 0, unit: "ms"),
      .scaling(
        name: "slow link 1 MB/s: pictures sent before that frame (last run)", value: last["sent_before"] ?? 0,
        unit: "pictures"),
      .scaling(
        name: "slow link 1 MB/s: pictures sent after that frame (last run)", value: last["sent_after"] ?? 0,
        unit: "pictures"),
      .scaling(
        name: "slow link 1 MB/s: kitty commands to send them all (last run)", value: last["commands"] ?? 0,
        unit: "commands"),
    ]
  }

  /// The relay: runs the viewer in a pseudo-terminal (the window's size set before it starts), reads its output
  /// at most RATE bytes a second, types `?` once a picture is on its way, and prints one JSON line.
  static let relay = """
    import json, os, pty, struct, sys, termios, fcntl, time, select
    rate = int(sys.argv[1])
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 1200, 800))
        os.execvp(sys.argv[2], sys.argv[2:])
    out = bytearray()
    begun = time.monotonic()
    typed = arrived = None
    deadline = begun + 60
    free_at = begun
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
            # The link: each read holds it for its bytes at RATE, from when it was free (no credit saved up
            # while the viewer was quiet).
            free_at = max(free_at, time.monotonic()) + len(data) / rate
            wait = free_at - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        if typed is None and b"\\x1b_Ga=t" in out:
            os.write(fd, b"?")
            typed, typed_at = time.monotonic(), len(out)
        if typed is not None and arrived is None and b"a row down" in out[typed_at:]:
            arrived, arrived_at = time.monotonic(), len(out)
        if arrived is not None and time.monotonic() - arrived > 1.5:
            break
    # Close the help and quit, reading what comes meanwhile (unthrottled) so the viewer is not blocked writing;
    # a viewer that has not gone in 3 s is ended.
    os.write(fd, b"?q")
    gone = time.monotonic() + 3
    while time.monotonic() < gone:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            break
        if select.select([fd], [], [], 0.05)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                pass
    else:
        os.kill(pid, 15)
        os.waitpid(pid, 0)
    if arrived is None:
        print(json.dumps({"error": "no frame"}))
        sys.exit(0)
    print(json.dumps({
        "latency_ms": (arrived - typed) * 1000,
        "sent_before": out[:arrived_at].count(b"a=t,"),
        "sent_after": out[arrived_at:].count(b"a=t,"),
        "commands": out.count(b"\\x1b_G"),
        "bytes": len(out),
    }))

    """
}
