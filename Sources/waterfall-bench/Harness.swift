import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps results alive so the optimiser cannot drop the work that made them.
final class Sink {
  private(set) var value = 0
  func consume(_ number: Int) { value &+= number }
}

/// One figure of the run, as it goes into the table and the JSON.
enum Figure {
  /// Ours against a baseline, measured side by side in one process on the same input.
  case comparison(name: String, oursNanoseconds: Double, baselineNanoseconds: Double)
  /// A single measured value.
  case scaling(name: String, value: Double, unit: String)
}

/// A small harness that measures two pieces of work side by side: rounds alternate ours and the baseline
/// (ABAB…), so drift on a shared, noisy machine hits both alike, and each side reports its median per operation.
/// ordo-one/benchmark measures one benchmark at a time; the ratios here need both in one process, interleaved.
enum Harness {
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// CPU time of the calling thread: what a computation cost, however many other jobs share the cores.
  static func threadCPUTime() -> UInt64 { cpuTime(CLOCK_THREAD_CPUTIME_ID) }

  /// CPU nanoseconds of the whole process, every thread's (the runner's workers too).
  static func processCPUTime() -> UInt64 { cpuTime(CLOCK_PROCESS_CPUTIME_ID) }

  private static func cpuTime(_ clock: clockid_t) -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Nanoseconds per operation of `work`, which performs `operations` operations per call; median of `rounds`.
  static func time(rounds: Int, operations: Int, _ work: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = now()
      work()
      samples.append(Double(now() - start) / Double(max(1, operations)))
    }
    return median(samples)
  }

  /// Ours and the baseline in alternating rounds; medians per operation.
  static func compare(
    rounds: Int, operations: Int, ours: () -> Void, baseline: () -> Void
  ) -> (ours: Double, baseline: Double) {
    var oursSamples: [Double] = []
    var baselineSamples: [Double] = []
    for round in 0..<rounds {
      // Alternate which goes first, so neither always runs on a warm cache.
      let order: [Bool] = round.isMultiple(of: 2) ? [true, false] : [false, true]
      for isOurs in order {
        let start = now()
        if isOurs { ours() } else { baseline() }
        let elapsed = Double(now() - start) / Double(max(1, operations))
        if isOurs { oursSamples.append(elapsed) } else { baselineSamples.append(elapsed) }
      }
    }
    return (median(oursSamples), median(baselineSamples))
  }

  /// The user and system CPU time in `usage`, in nanoseconds.
  static func cpuNanoseconds(_ usage: rusage) -> Double {
    let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    let micro = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    return seconds * 1e9 + micro * 1e3
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count.isMultiple(of: 2)
      ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
  }
}
