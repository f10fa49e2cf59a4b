#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that threads share, guarded by a pthread mutex: the one lock of the project.
///
/// It takes the place of `Synchronization.Mutex`, which on Linux is a bare futex that ThreadSanitizer cannot see:
/// under TSan every access it guards looked like a race, so a real race would hide among the false ones. A pthread
/// mutex is what TSan intercepts, it costs the same when uncontended, and the code TSan checks is the code we ship.
///
/// A thread may also sleep until the value is in some state (``wait(until:)``), woken by whoever changes it
/// (``wakeWaiters()``): a condition variable on the same mutex, so no wake-up falls between a check and the sleep.
public final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>
  private var value: Value

  public init(_ value: sending Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    let condStatus = pthread_cond_init(changed, nil)
    precondition(condStatus == 0, "pthread_cond_init failed: \(condStatus)")
  }

  deinit {
    pthread_cond_destroy(changed)
    changed.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock; `body` must not take the same lock again.
  public func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// Sleeps until `ready` holds for the value (checked under the lock, first at once, then after each
  /// ``wakeWaiters()``). No polling: whoever changes what `ready` reads must call ``wakeWaiters()`` after.
  public func wait(until ready: (Value) -> Bool) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(value) { pthread_cond_wait(changed, mutex) }
  }

  /// As ``wait(until:)``, giving up after `seconds`; whether `ready` held.
  @discardableResult
  public func wait(until ready: (Value) -> Bool, seconds: Double) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
    var deadline = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(value) {
      if pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT { return ready(value) }
    }
    return true
  }

  /// Wakes the threads in ``wait(until:)`` to check again; call it after a change made with ``withLock(_:)``.
  public func wakeWaiters() {
    pthread_cond_broadcast(changed)
  }
}
