import CFuzzerDriver

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hands `test` to libFuzzer, which runs it on input after input as the command line says, and exits with
/// libFuzzer's status. Each target's `main.swift` calls it with a closure that checks one input.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  let status = LLVMFuzzerRunDriver(&argc, &argv, test)
  exit(status)
}

/// Stops the run with `message` when a property does not hold: libFuzzer reports the abort as a crash and keeps the
/// input that caused it. (A release build's `precondition` traps without its message.)
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  var text = "property failed: \(message())\n"
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  abort()
}

/// The bytes libFuzzer hands a target, as an array.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
  guard let data, count > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: count))
}

/// A small deterministic generator seeded from the input, for choices such as where to split it.
public struct FuzzChoices {
  private var state: UInt64

  public init(seed: some Sequence<UInt8>) {
    state = seed.reduce(0x9E37_79B9_7F4A_7C15) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }

  /// A number in `0..<bound` (splitmix64).
  public mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    mixed ^= mixed >> 31
    return Int(mixed % UInt64(max(1, bound)))
  }
}
